/**
 * The serializer compatibility kit: {@link dev.sessiondata.serializer.kit.SerializerCompatibilityKit}, which one
 * test class of every serializer module extends, and the fixtures it round-trips.
 */
@NullMarked
package dev.sessiondata.serializer.kit;

import org.jspecify.annotations.NullMarked;
