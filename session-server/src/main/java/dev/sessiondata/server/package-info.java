/** The session-data HTTP service. */
@NullMarked
package dev.sessiondata.server;

import org.jspecify.annotations.NullMarked;
