/**
 * The shared stores on Redis (standalone, sentinel or cluster), sessions and schema records alike through one way to
 * Redis ({@link NativeRedis}: Lettuce's native API on the connection of Spring Boot's factory, one translation of
 * its failures): one atomic Lua script per conditional operation, expiry by Redis itself. The key layouts are on
 * {@link RedisSessionStore} and {@link RedisSchemaStore}.
 */
@NullMarked
package dev.sessiondata.server.store.redis;

import org.jspecify.annotations.NullMarked;
