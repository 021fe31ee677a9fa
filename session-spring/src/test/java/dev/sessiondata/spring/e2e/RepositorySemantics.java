package dev.sessiondata.spring.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.sessiondata.client.SessionClient;
import dev.sessiondata.client.Versioned;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.spring.DisallowedAttributeException;
import dev.sessiondata.spring.RequestSessions;
import dev.sessiondata.spring.SessionDataSession;
import dev.sessiondata.spring.SessionDataSessionRepository;
import dev.sessiondata.testsupport.TestServer;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.awt.Point;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The repository's Spring Session semantics against the real server, each "request" being what
 * {@code SessionRepositoryFilter} does: find the session, use it, save it. One subclass per store of the server.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class RepositorySemantics {

    private TestServer server;
    private SessionClient client;
    private SessionDataSessionRepository repository;
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

    /** The server's store properties, added to the one-nio serializer. */
    abstract String[] store();

    @BeforeAll
    void start() {
        server = TestServer.start(Stream.concat(Stream.of("sessiondata.serializer.active=one-nio"),
                Stream.of(store())).toArray(String[]::new));
        SerializerSettings settings = SerializerSettings.builder().allowPackages("dev.sessiondata.spring.e2e").build();
        client = SessionClient.builder().baseUri(server.baseUri()).token(TestServer.TOKEN).meterRegistry(meters)
                .serializerSettings(settings).registerClasses(Cart.class).build();
        repository = new SessionDataSessionRepository(client, settings);
    }

    @AfterAll
    void stop() {
        server.close();
    }

    /** A new session with one attribute, saved; its id. */
    private String savedWith(String name, Object value) {
        SessionDataSession session = repository.createSession();
        session.setAttribute(name, value);
        repository.save(session);
        return session.getId();
    }

    /** What a request finds under {@code id}, which must be there. */
    private SessionDataSession find(String id) {
        SessionDataSession found = repository.findById(id);
        assertThat(found).as("session " + id).isNotNull();
        return found;
    }

    @Test
    void attributesOfAllowedTypesRoundTrip() {
        SessionDataSession session = repository.createSession();
        session.setAttribute("user", "ada");
        session.setAttribute("visits", 3);
        session.setAttribute("cart", new Cart().add("book").note(List.of(1L, "x")));
        session.setAttribute("since", Instant.parse("2026-01-02T03:04:05Z"));
        repository.save(session);

        SessionDataSession found = repository.findById(session.getId());

        assertThat(found).isNotNull();
        assertThat(found.getAttributeNames()).containsExactlyInAnyOrder("user", "visits", "cart", "since");
        assertThat(found.<String>getAttribute("user")).isEqualTo("ada");
        assertThat(found.<Integer>getAttribute("visits")).isEqualTo(3);
        assertThat(found.<Cart>getAttribute("cart")).isEqualTo(new Cart().add("book").note(List.of(1L, "x")));
        assertThat(found.<Instant>getAttribute("since")).isEqualTo(Instant.parse("2026-01-02T03:04:05Z"));
        assertThat(found.getCreationTime()).isEqualTo(session.getCreationTime().truncatedTo(ChronoUnit.MILLIS));
        assertThat(client.get(session.getId(), HashMap.class)).get().extracting(v -> v.value().get("format"))
                .isEqualTo(1);
    }

    @Test
    void anAttributeOfAClassNotAllowedIsRefusedAndNeverStored() {
        SessionDataSession session = repository.createSession();
        session.setAttribute("kept", "yes");

        assertThatThrownBy(() -> session.setAttribute("point", new Point(1, 2)))
                .isInstanceOf(DisallowedAttributeException.class)
                .hasMessageContaining("'point'").hasMessageContaining("java.awt.Point");
        assertThatThrownBy(() -> session.setAttribute("cart", new Cart().note(List.of("a", new Point()))))
                .isInstanceOf(DisallowedAttributeException.class)
                .hasMessageContaining("java.awt.Point at .note[1]");
        repository.save(session);

        SessionDataSession found = find(session.getId());
        assertThat(found.getAttributeNames()).containsExactly("kept");
    }

    @Test
    void maxInactiveIntervalIsTheSessionsTimeToLive() {
        SessionDataSession session = repository.createSession();
        session.setMaxInactiveInterval(Duration.ofSeconds(90));
        Instant before = Instant.now();
        repository.save(session);
        Instant after = Instant.now();

        Versioned<HashMap> stored = client.get(session.getId(), HashMap.class).orElseThrow();

        assertThat(stored.expiresAt()).isBetween(before.plusSeconds(89), after.plusSeconds(91));
        SessionDataSession found = find(session.getId());
        assertThat(found.getMaxInactiveInterval()).isEqualTo(Duration.ofSeconds(90));

        found.setMaxInactiveInterval(Duration.ofHours(2));
        repository.save(found);
        assertThat(client.get(session.getId(), HashMap.class).orElseThrow().expiresAt())
                .isAfter(after.plus(Duration.ofMinutes(119)));
    }

    @Test
    void anExpiredSessionIsGone() {
        SessionDataSession session = repository.createSession();
        session.setAttribute("user", "ada");
        session.setMaxInactiveInterval(Duration.ofSeconds(1));
        repository.save(session);
        String id = session.getId();

        // a HEAD looks without sliding the expiry, as every read (and so findById) would
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
                .until(() -> server.head(id).statusCode(), status -> status == 404);

        assertThat(repository.findById(id)).isNull();
        assertThat(client.get(id, HashMap.class)).isEmpty();
    }

    @Test
    void aRequestThatOnlyReadsDoesNotRewriteTheSession() {
        String id = savedWith("user", "ada");
        String version = client.get(id, HashMap.class).orElseThrow().version();

        SessionDataSession read = find(id);
        read.setLastAccessedTime(Instant.now());
        assertThat(read.<String>getAttribute("user")).isEqualTo("ada");
        repository.save(read);

        assertThat(client.get(id, HashMap.class).orElseThrow().version()).isEqualTo(version);
    }

    @Test
    void changeSessionIdKeepsTheAttributesUnderTheNewIdAndRemovesTheOld() {
        String oldId = savedWith("user", "ada");

        SessionDataSession loggingIn = find(oldId);
        String newId = loggingIn.changeSessionId();
        loggingIn.setAttribute("role", "admin");
        repository.save(loggingIn);

        assertThat(newId).isNotEqualTo(oldId);
        assertThat(repository.findById(oldId)).isNull();
        SessionDataSession found = find(newId);
        assertThat(found.<String>getAttribute("user")).isEqualTo("ada");
        assertThat(found.<String>getAttribute("role")).isEqualTo("admin");
    }

    @Test
    void deleteByIdRemovesTheSessionAndALaterSaveDoesNotBringItBack() {
        String id = savedWith("user", "ada");
        SessionDataSession concurrent = find(id);

        repository.deleteById(id);
        concurrent.setAttribute("late", "write");
        repository.save(concurrent);

        assertThat(repository.findById(id)).isNull();
    }

    /** Sessions the client decoded so far: one per read from the service. */
    private long decoded() {
        return meters.find("sessiondata.client.deserialize").timers().stream().mapToLong(Timer::count).sum();
    }

    /**
     * Spring Session's filter finds the requested session again after each of its two saves: within the request's
     * scope that is answered from what the request read and wrote, never from another read.
     */
    @Test
    void withinOneRequestTheSessionIsReadOnceAndFoundAgainAsTheRequestWroteIt() {
        String id = savedWith("user", "ada");
        long before = decoded();
        try (RequestSessions.Scope request = RequestSessions.open()) {
            SessionDataSession session = find(id);
            session.setAttribute("role", "admin");
            repository.save(session);
            assertThat(find(id).<String>getAttribute("role")).isEqualTo("admin");
            repository.save(session);
            assertThat(find(id).<String>getAttribute("role")).isEqualTo("admin");
            assertThat(decoded() - before).as("reads within the request").isEqualTo(1);
        }
        assertThat(find(id).<String>getAttribute("role")).as("what the service holds").isEqualTo("admin");
        assertThat(decoded() - before).as("reads after the request's end").isEqualTo(2);
    }

    @Test
    void withinOneRequestASessionItDeletedOrMovedIsFoundNoMore() {
        String deleted = savedWith("user", "ada");
        String moved = savedWith("user", "bob");
        try (RequestSessions.Scope request = RequestSessions.open()) {
            find(deleted);
            repository.deleteById(deleted);
            assertThat(repository.findById(deleted)).isNull();

            SessionDataSession loggingIn = find(moved);
            String newId = loggingIn.changeSessionId();
            repository.save(loggingIn);
            assertThat(repository.findById(moved)).isNull();
            assertThat(find(newId).<String>getAttribute("user")).isEqualTo("bob");
        }
    }

    @Test
    void outsideARequestScopeEveryFindReadsTheService() {
        String id = savedWith("user", "ada");
        long before = decoded();
        find(id);
        find(id);
        assertThat(decoded() - before).isEqualTo(2);
    }

    @Test
    void anIdTheServiceCannotHoldNamesNoSession() {
        assertThat(repository.findById("../not a session")).isNull();
    }

    @Test
    void twoRequestsThatReadTogetherAndSetDifferentAttributesBothKeepTheirs() {
        String id = savedWith("removed-by-b", "x");
        SessionDataSession a = find(id);
        SessionDataSession b = find(id);

        a.setAttribute("a", "from a");
        b.setAttribute("b", "from b");
        b.removeAttribute("removed-by-b");
        repository.save(a);
        repository.save(b);

        assertThat(find(id).getAttributeNames()).containsExactlyInAnyOrder("a", "b");
    }

    @Test
    void eightParallelRequestStreamsOfAHundredIncrementsEachLoseNothing() throws Exception {
        SessionDataSession session = repository.createSession();
        repository.save(session);
        String id = session.getId();
        int threads = 8;
        int increments = 100;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                String counter = "counter-" + t;
                done.add(pool.submit(() -> {
                    for (int i = 0; i < increments; i++) {
                        SessionDataSession request = find(id);
                        request.setAttribute(counter, request.<Integer>getAttributeOrDefault(counter, 0) + 1);
                        repository.save(request);
                    }
                    return null;
                }));
            }
            for (Future<?> future : done) {
                future.get();
            }
        } finally {
            pool.shutdown();
        }

        SessionDataSession found = find(id);
        for (int t = 0; t < threads; t++) {
            assertThat(found.<Integer>getAttribute("counter-" + t)).as("counter-" + t).isEqualTo(increments);
        }
    }
}
