/**
 * The session store extension point: {@link dev.sessiondata.server.store.SessionStore} and the small values it
 * takes and gives. Framework-free; the memory and Redis implementations live in the sub-packages.
 */
@NullMarked
package dev.sessiondata.server.store;

import org.jspecify.annotations.NullMarked;
