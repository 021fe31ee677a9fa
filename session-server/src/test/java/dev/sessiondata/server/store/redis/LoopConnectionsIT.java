package dev.sessiondata.server.store.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionWrite;
import dev.sessiondata.server.store.StoredSession;
import dev.sessiondata.server.support.RedisConnections;
import dev.sessiondata.testsupport.RedisTarget;
import io.lettuce.core.resource.ClientResources;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import reactor.netty.resources.LoopResources;

/**
 * The Redis store on connections of the web server's own event loops, as the server makes them: a request that
 * runs on a loop has its command answered on that same loop; a caller off the loops is served by the factory's
 * shared connection.
 */
@ExtendWith(RedisTarget.class)
class LoopConnectionsIT {

    private static LoopResources loops;
    private static ClientResources resources;
    private static LettuceConnectionFactory connections;
    private static LoopConnections loopConnections;
    private static SessionStore store;
    private static final String PREFIX = "sessiondata-it-" + UUID.randomUUID() + ":";

    @BeforeAll
    static void connect() {
        loops = LoopResources.create("loop-connections-it", 2, true);
        resources = ClientResources.create();
        LettuceConnectionFactory url = RedisConnections.standalone(RedisTarget.url());
        connections = new LettuceConnectionFactory(url.getStandaloneConfiguration(),
                LettuceClientConfiguration.builder().clientResources(resources).build());
        url.destroy();
        connections.afterPropertiesSet();
        connections.start();
        loopConnections = LoopConnections.of(connections, serverLoops());
        store = new RedisSessionStore(connections, loopConnections, PREFIX, Clock.systemUTC(), 100, Duration.ZERO);
    }

    @AfterAll
    static void disconnect() {
        loopConnections.close();
        connections.destroy();
        resources.shutdown();
        loops.dispose();
    }

    @AfterEach
    void removeKeys() {
        RedisConnections.deleteKeys(connections, PREFIX);
    }

    private static EventLoopGroup serverLoops() {
        return loops.onServer(LoopResources.DEFAULT_NATIVE);
    }

    @Test
    void aReadIssuedOnAnEventLoopIsAnsweredOnThatLoop() throws Exception {
        store.put("on-loop", new SessionWrite(new byte[] {1, 2, 3}, "java", Duration.ofMinutes(5)), Precondition.none())
                .toCompletableFuture().join();
        for (var executor : serverLoops()) {
            EventLoop loop = (EventLoop) executor;
            await().until(() -> loop.submit(() -> loopConnections.current() != null).get());
            CompletableFuture<Thread> answeredOn = new CompletableFuture<>();
            CompletableFuture<Optional<StoredSession>> read = new CompletableFuture<>();
            loop.execute(() -> store.get("on-loop", true).whenComplete((found, failure) -> {
                answeredOn.complete(Thread.currentThread());
                if (failure == null) {
                    read.complete(found);
                } else {
                    read.completeExceptionally(failure);
                }
            }));

            assertThat(read.join()).hasValueSatisfying(session -> assertThat(session.data()).containsExactly(1, 2, 3));
            assertThat(loop.submit(() -> loop.inEventLoop(answeredOn.join())).get()).isTrue();
        }
    }

    @Test
    void offTheLoopsTheSharedConnectionServes() {
        assertThat(loopConnections.current()).isNull();
        store.put("off-loop", new SessionWrite(new byte[] {4}, "java", Duration.ofMinutes(5)), Precondition.none())
                .toCompletableFuture().join();

        assertThat(store.get("off-loop", false).toCompletableFuture().join())
                .hasValueSatisfying(session -> assertThat(session.data()).containsExactly(4));
    }

    @Test
    void aFactoryWithoutSharedClientResourcesGetsNoLoopConnections() {
        LettuceConnectionFactory own = RedisConnections.standalone(RedisTarget.url());
        try (LoopConnections none = LoopConnections.of(own, serverLoops())) {
            for (var executor : serverLoops()) {
                EventLoop loop = (EventLoop) executor;
                assertThat(loop.submit(none::current).syncUninterruptibly().getNow()).isNull();
            }
        } finally {
            own.destroy();
        }
    }
}
