/**
 * Test support: a server started on a random port, a small HTTP caller for the API, and Redis set-ups of the
 * tests' own (a redis-server process, a cluster); the shared Redis is session-test-support's RedisTarget.
 */
@NullMarked
package dev.sessiondata.server.support;

import org.jspecify.annotations.NullMarked;
