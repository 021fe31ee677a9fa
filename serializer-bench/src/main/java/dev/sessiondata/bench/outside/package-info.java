/** A class outside every allow-list of the race, which the matrix's safety probe tries to smuggle in. */
@NullMarked
package dev.sessiondata.bench.outside;

import org.jspecify.annotations.NullMarked;
