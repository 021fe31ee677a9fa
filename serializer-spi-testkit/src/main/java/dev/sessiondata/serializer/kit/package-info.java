/**
 * The serializer compatibility kit: {@link dev.sessiondata.serializer.kit.SerializerCompatibilityKit}, which every
 * serializer's test extends, and the fixtures it round-trips.
 */
package dev.sessiondata.serializer.kit;
