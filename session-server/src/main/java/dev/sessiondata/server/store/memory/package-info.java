/**
 * The single-node stores: sessions in a Caffeine cache bounded by total bytes with per-entry expiry, descriptors in
 * maps per serializer id. Everything is lost when the process stops.
 */
@NullMarked
package dev.sessiondata.server.store.memory;

import org.jspecify.annotations.NullMarked;
