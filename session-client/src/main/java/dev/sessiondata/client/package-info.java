/** The Java client of the session-data service. */
@NullMarked
package dev.sessiondata.client;

import org.jspecify.annotations.NullMarked;
