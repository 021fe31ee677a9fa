package dev.sessiondata.server.support;

import dev.sessiondata.testsupport.RedisProcess;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

/**
 * A server on a redis-server of the test's own, for what the shared Redis must not suffer (an outage, a full
 * memory); the test is skipped, saying why, where redis-server is not installed.
 */
public final class ServerOnOwnRedis implements AutoCloseable {

    private final RedisProcess redis;
    private final RunningServer server;

    private ServerOnOwnRedis(RedisProcess redis, RunningServer server) {
        this.redis = redis;
        this.server = server;
    }

    /** Starts redis-server with {@code redisArguments}, then a Redis-store server on it with {@code properties}. */
    public static ServerOnOwnRedis start(List<String> redisArguments, String... properties) throws Exception {
        RedisProcess.assumeInstalled("a test on a server with a Redis of its own");
        RedisProcess redis = RedisProcess.startOnFreePort(redisArguments.toArray(String[]::new));
        List<String> all = new ArrayList<>(List.of("sessiondata.store.type=redis", "spring.data.redis.url=" + redis.url()));
        all.addAll(List.of(properties));
        return new ServerOnOwnRedis(redis, RunningServer.start(all.toArray(String[]::new)));
    }

    public RedisProcess redis() {
        return redis;
    }

    public RunningServer server() {
        return server;
    }

    public HttpResponse<byte[]> health() {
        return server.anonymous().send("GET", "/actuator/health", HttpRequest.BodyPublishers.noBody());
    }

    @Override
    public void close() throws Exception {
        server.close();
        redis.close();
    }
}
