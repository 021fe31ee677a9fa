/**
 * The cost of our own abstraction: Kryo, One Nio and Fory behind {@link dev.sessiondata.serializer.SessionSerializer}
 * against the same library called directly, in the same run.
 */
@NullMarked
package dev.sessiondata.bench.spi;

import org.jspecify.annotations.NullMarked;
