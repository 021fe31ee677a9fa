/**
 * The shared stores on Redis (standalone or cluster) through Spring Data Redis and Lettuce: one atomic Lua script
 * per conditional operation, expiry by Redis itself. The key layouts are on {@link RedisSessionStore} and
 * {@link RedisSchemaStore}.
 */
@NullMarked
package dev.sessiondata.server.store.redis;

import org.jspecify.annotations.NullMarked;
