package dev.sessiondata.server.web;

import dev.sessiondata.server.support.RedisTarget;
import dev.sessiondata.server.support.RunningServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/** The HTTP contract on the Redis store. */
@ExtendWith(RedisTarget.class)
class RedisStoreOverHttpIT extends StoreOverHttpContract {

    private static RunningServer server;

    @BeforeAll
    static void start() {
        server = RunningServer.start("sessiondata.store.type=redis", "spring.data.redis.url=" + RedisTarget.url(),
                "sessiondata.store.redis.key-prefix=sessiondata-it-http:");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Override
    protected RunningServer server() {
        return server;
    }
}
