/**
 * The serializer SPI: {@link dev.sessiondata.serializer.SessionSerializer} turns a session context into bytes and
 * back; {@link dev.sessiondata.serializer.SessionSerializers} finds the implementations by id among the
 * {@link dev.sessiondata.serializer.SessionSerializerProvider}s on the class path, one per library module. A format
 * whose readers need the writer's class metadata also implements
 * {@link dev.sessiondata.serializer.SchemaExchangingSerializer}.
 */
@NullMarked
package dev.sessiondata.serializer;

import org.jspecify.annotations.NullMarked;
