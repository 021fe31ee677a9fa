/** Two instances of the sample against the real session server, over HTTP. */
@NullMarked
package dev.sessiondata.sample;

import org.jspecify.annotations.NullMarked;
