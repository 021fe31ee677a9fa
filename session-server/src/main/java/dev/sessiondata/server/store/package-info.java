/**
 * The store extension points: {@link dev.sessiondata.server.store.SessionStore} for sessions,
 * {@link dev.sessiondata.server.store.SchemaStore} for schema records, and the small values they take and give.
 * Framework-free; the memory and Redis implementations live in the sub-packages.
 */
@NullMarked
package dev.sessiondata.server.store;

import org.jspecify.annotations.NullMarked;
