package dev.sessiondata.server.store.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionWrite;
import dev.sessiondata.server.store.StoredSession;
import dev.sessiondata.server.support.RedisConnections;
import dev.sessiondata.testsupport.RedisTarget;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * {@code sessiondata.store.redis.slide-resolution}: a sliding read leaves the expiry where it is while the last slide
 * or write is less than the resolution (at most half the ttl) ago, and slides it exactly as before past that; zero
 * slides on every read. The store's clock is this test's; Redis' own expiry of the key follows the slides.
 */
@ExtendWith(RedisTarget.class)
class RedisSlideResolutionIT {

    private static final Duration TTL = Duration.ofMinutes(30);
    private static LettuceConnectionFactory connections;
    private final String prefix = "sessiondata-it-" + UUID.randomUUID() + ":";
    private final SteppedClock clock = new SteppedClock(Instant.parse("2026-01-01T00:00:00Z"));

    @BeforeAll
    static void connect() {
        connections = RedisConnections.standalone(RedisTarget.url());
    }

    @AfterAll
    static void disconnect() {
        connections.destroy();
    }

    @AfterEach
    void removeKeys() {
        RedisConnections.deleteKeys(connections, prefix);
    }

    private SessionStore store(Duration resolution) {
        return new RedisSessionStore(connections, LoopConnections.none(), prefix, clock, 100, resolution);
    }

    private static StoredSession read(SessionStore store, String id) {
        return store.get(id, true).toCompletableFuture().join().orElseThrow();
    }

    private static void write(SessionStore store, String id, Duration ttl) {
        store.put(id, new SessionWrite(new byte[] {7}, "java", ttl), Precondition.none()).toCompletableFuture().join();
    }

    @Test
    void withoutAResolutionEveryReadSlides() {
        SessionStore store = store(Duration.ZERO);
        Instant written = clock.instant();
        write(store, "exact", TTL);

        clock.step(Duration.ofMillis(1));
        assertThat(read(store, "exact").expiresAt()).isEqualTo(written.plusMillis(1).plus(TTL));
        clock.step(Duration.ofSeconds(1));
        assertThat(read(store, "exact").expiresAt()).isEqualTo(written.plusMillis(1001).plus(TTL));
    }

    @Test
    void withinTheResolutionAReadLeavesTheExpiryAndPastItSlides() {
        SessionStore store = store(Duration.ofMinutes(5));
        Instant written = clock.instant();
        write(store, "coarse", TTL);

        clock.step(Duration.ofMinutes(4));
        assertThat(read(store, "coarse").expiresAt()).isEqualTo(written.plus(TTL));
        clock.step(Duration.ofMinutes(1));
        Instant slid = clock.instant();
        StoredSession afterSlide = read(store, "coarse");
        assertThat(afterSlide.expiresAt()).isEqualTo(slid.plus(TTL));
        assertThat(afterSlide.data()).containsExactly(7);
        clock.step(Duration.ofMinutes(2));
        assertThat(read(store, "coarse").expiresAt()).isEqualTo(slid.plus(TTL));
        assertThat(store.get("coarse", false).toCompletableFuture().join().orElseThrow().expiresAt())
                .isEqualTo(slid.plus(TTL));
    }

    @Test
    void aResolutionLongerThanHalfTheTtlSlidesAtHalfTheTtl() {
        SessionStore store = store(Duration.ofHours(1));
        Duration ttl = Duration.ofMinutes(10);
        write(store, "short", ttl);

        clock.step(Duration.ofMinutes(5));

        assertThat(read(store, "short").expiresAt()).isEqualTo(clock.instant().plus(ttl));
    }

    @Test
    void aNegativeResolutionIsRefused() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> store(Duration.ofSeconds(-1)));
    }

    /** A clock that moves only when told. */
    private static final class SteppedClock extends Clock {

        private volatile Instant now;

        SteppedClock(Instant start) {
            this.now = start;
        }

        void step(Duration by) {
            now = now.plus(by);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
