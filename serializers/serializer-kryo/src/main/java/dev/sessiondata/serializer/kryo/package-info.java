/**
 * The {@code kryo} and {@code kryo-unsafe} serializers: Kryo 5 with class names (allow-listed before loading) for
 * application classes, fixed ids for the JDK value types, and every declared length bounded before it allocates.
 */
@NullMarked
package dev.sessiondata.serializer.kryo;

import org.jspecify.annotations.NullMarked;
