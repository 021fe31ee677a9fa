/**
 * The serializer policy (the active serializer, the accepted ones, checked at startup), its properties, the
 * {@code GET /api/v1/serializers} resource ({@link dev.sessiondata.server.serializer.SerializerRoutes}) and the
 * pipeline link that puts {@code Session-Serializer-Active} on every API answer ({@link
 * dev.sessiondata.server.serializer.ActiveSerializerHeader}).
 */
@NullMarked
package dev.sessiondata.server.serializer;

import org.jspecify.annotations.NullMarked;
