/**
 * Encoded and deflate-compressed sizes per serializer id and payload size, plus the bytes of the legacy object and
 * of the time-stamped events: counted by a plain program, not timed.
 */
@NullMarked
package dev.sessiondata.bench.size;

import org.jspecify.annotations.NullMarked;
