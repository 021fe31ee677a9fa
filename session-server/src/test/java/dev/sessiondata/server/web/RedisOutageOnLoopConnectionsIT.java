package dev.sessiondata.server.web;

import org.junit.jupiter.api.BeforeAll;

/**
 * The same outage with a Redis connection per event loop of the web server
 * ({@code sessiondata.store.redis.loop-connections}): each connection is refused while Redis is away and
 * reconnects on its own loop when it returns.
 */
class RedisOutageOnLoopConnectionsIT extends RedisOutageIT {

    @BeforeAll
    static void start() throws Exception {
        startWith("sessiondata.store.redis.loop-connections=true");
    }
}
