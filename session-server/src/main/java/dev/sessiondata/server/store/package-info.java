/**
 * The store extension points: {@link dev.sessiondata.server.store.SessionStore} for sessions (with the counting view
 * {@link dev.sessiondata.server.store.SessionStoreStatistics}), {@link dev.sessiondata.server.store.SchemaStore} for
 * schema records, the small values they take and give, and the typed failures: unavailable (nothing written), outcome
 * unknown (sent, not answered in time) and full.
 * Framework-free; the memory and Redis implementations live in the sub-packages.
 */
@NullMarked
package dev.sessiondata.server.store;

import org.jspecify.annotations.NullMarked;
