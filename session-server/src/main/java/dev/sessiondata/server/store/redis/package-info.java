/**
 * The shared session store on Redis (standalone or cluster) through Spring Data Redis and Lettuce: one atomic
 * Lua script per conditional operation, expiry by Redis itself. The key layout is on {@link RedisSessionStore}.
 */
@NullMarked
package dev.sessiondata.server.store.redis;

import org.jspecify.annotations.NullMarked;
