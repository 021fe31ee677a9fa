/**
 * java.time against java.util.Date: the same small event DTO stamped with a Date, an Instant or a LocalDateTime,
 * raced for time and counted for bytes per serializer id.
 */
@NullMarked
package dev.sessiondata.bench.time;

import org.jspecify.annotations.NullMarked;
