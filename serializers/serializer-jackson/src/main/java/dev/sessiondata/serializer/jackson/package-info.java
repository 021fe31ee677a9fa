/**
 * The Jackson 2 serializers: JSON, Smile and BSON (bson4jackson), each of the declared type or with class names
 * embedded, all built by one {@link dev.sessiondata.serializer.jackson.JacksonMappers core} whose class names pass the
 * allow-list before they are loaded.
 */
@NullMarked
package dev.sessiondata.serializer.jackson;

import org.jspecify.annotations.NullMarked;
