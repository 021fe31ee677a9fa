/**
 * The single-node session store: sessions in a Caffeine cache bounded by total bytes with per-entry expiry,
 * descriptors in a map. Everything is lost when the process stops.
 */
@NullMarked
package dev.sessiondata.server.store.memory;

import org.jspecify.annotations.NullMarked;
