/**
 * The Java client of the session-data service: {@link dev.sessiondata.client.SessionClient}, its builder, the
 * {@link dev.sessiondata.client.Versioned} values it reads and the typed exceptions it throws.
 */
@NullMarked
package dev.sessiondata.client;

import org.jspecify.annotations.NullMarked;
