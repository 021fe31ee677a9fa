/**
 * The class-descriptor registry that clients of schema-exchanging serializers (One Nio) use at startup:
 * descriptors are kept per serializer id as opaque bytes keyed by uid, never turned into classes here. The
 * {@code /api/v1/serializers/{serializerId}/descriptors} resource ({@link dev.sessiondata.server.schema.SchemaRoutes})
 * plugs into the {@code http} pipeline; the checks of an upload and the pages of a listing live beside it.
 */
@NullMarked
package dev.sessiondata.server.schema;

import org.jspecify.annotations.NullMarked;
