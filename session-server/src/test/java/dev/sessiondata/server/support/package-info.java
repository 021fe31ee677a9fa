/**
 * Test support: a server started on a random port, a small HTTP caller for the API, and the Redis the tests
 * use (REDIS_URL, else Testcontainers, else a loud skip, or a redis-server process of the test's own).
 */
@NullMarked
package dev.sessiondata.server.support;

import org.jspecify.annotations.NullMarked;
