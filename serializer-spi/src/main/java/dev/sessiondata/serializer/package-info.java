/**
 * The serializer SPI: {@link dev.sessiondata.serializer.SessionSerializer} turns a session context into bytes and
 * back; {@link dev.sessiondata.serializer.SessionSerializers} finds the implementations by id.
 * Each sub-package adapts one library and is loaded only when its id is asked for.
 */
@NullMarked
package dev.sessiondata.serializer;

import org.jspecify.annotations.NullMarked;
