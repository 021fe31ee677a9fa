/**
 * The class-descriptor registry that clients of schema-exchanging serializers (One Nio) use at startup:
 * descriptors are kept per serializer id as opaque bytes keyed by uid, never turned into classes here.
 */
@NullMarked
package dev.sessiondata.server.schema;

import org.jspecify.annotations.NullMarked;
