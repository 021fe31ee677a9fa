package dev.sessiondata.sample;

import static dev.sessiondata.sample.AppInstance.cookieOf;
import static dev.sessiondata.sample.AppInstance.sessionIdOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.sessiondata.spring.SessionDataSession;
import dev.sessiondata.spring.SessionDataSessionRepository;
import dev.sessiondata.testsupport.TestServer;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Spring Session's events through the service's change feed, on two instances of one application (one
 * {@code spring.application.name}): each session's creation, deletion and expiry is published once across the two,
 * the expiry though no request touched the session, and the end of a signed-in user's session tells whose it was
 * ({@link SessionAudit}). The sessions live 5 s. One subclass per store of the service. The tests run side by side
 * (each on sessions of its own, and each asserts only on the events of those): most of their time is waiting, for an
 * expiry or for the absence of a second copy.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class SessionEvents {

    /** Long enough for the other instance's copy of an event to have arrived, had it been published there too. */
    private static final Duration NO_SECOND_COPY = Duration.ofSeconds(2);

    private TestServer server;
    private AppInstance a;
    private AppInstance b;

    /** The service's store properties. */
    abstract String[] store();

    /** Runs before the service starts. */
    void beforeService() {
    }

    /** Runs after the service stopped. */
    void afterService() {
    }

    @BeforeAll
    void start() {
        beforeService();
        server = TestServer.start(store());
        String[] events = {"--sessiondata.client.events.enabled=true", "--spring.application.name=shop-events",
            "--spring.session.timeout=5s"};
        a = AppInstance.start(server.baseUri(), events);
        b = AppInstance.start(server.baseUri(), events);
    }

    @AfterAll
    void stop() {
        try {
            if (a != null) {
                a.close();
            }
            if (b != null) {
                b.close();
            }
        } finally {
            if (server != null) {
                server.close();
            }
            afterService();
        }
    }

    /** Every event of {@code sessionId} published on either instance. */
    private List<String> publishedOf(String sessionId) {
        return Stream.of(a, b).flatMap(instance -> instance.bean(SessionAudit.class).recent().stream())
                .filter(event -> event.split(" ")[1].equals(sessionId)).toList();
    }

    private void assertPublishedOnce(String sessionId, List<String> events) {
        await().atMost(Duration.ofSeconds(30)).until(() -> publishedOf(sessionId).size() >= events.size());
        await().during(NO_SECOND_COPY).atMost(NO_SECOND_COPY.plusSeconds(5))
                .until(() -> publishedOf(sessionId).equals(events));
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    void aCreatedAndDeletedSessionIsPublishedOnceEachAcrossTheInstances() {
        String cookie = cookieOf(a.send("POST", "/cart?item=book", null));
        String id = sessionIdOf(cookie);
        await().atMost(Duration.ofSeconds(30)).until(() -> publishedOf(id).contains("created " + id));

        assertThat(b.send("POST", "/logout", cookie).statusCode()).isEqualTo(200);

        assertPublishedOnce(id, List.of("created " + id, "deleted " + id));
    }

    /**
     * A stored session saved with a zero max inactive interval ends at once: published once, as deleted, across the
     * instances (Spring Session's indexed repository deletes the session's expiry key, whose keyspace {@code del}
     * it publishes as a {@code SessionDeletedEvent}).
     */
    @Test
    @Execution(ExecutionMode.CONCURRENT)
    void aStoredSessionSavedWithAZeroMaxInactiveIntervalIsPublishedOnceAsDeleted() {
        String id = sessionIdOf(cookieOf(a.send("POST", "/cart?item=lamp", null)));
        await().atMost(Duration.ofSeconds(30)).until(() -> publishedOf(id).contains("created " + id));
        SessionDataSessionRepository repository = b.bean(SessionDataSessionRepository.class);
        SessionDataSession session = repository.findById(id);
        assertThat(session).as("the session of %s", id).isNotNull();

        session.setMaxInactiveInterval(Duration.ZERO);
        repository.save(session);

        assertThat(repository.findById(id)).isNull();
        assertPublishedOnce(id, List.of("created " + id, "deleted " + id));
    }

    /**
     * A new session saved with a zero max inactive interval is never stored, so the feed has nothing of it to
     * publish: no event at all, where Spring Session's indexed repository publishes a {@code SessionCreatedEvent}
     * (and no end). A session made after it shows the feed delivered past that save.
     */
    @Test
    @Execution(ExecutionMode.CONCURRENT)
    void aNewSessionSavedWithAZeroMaxInactiveIntervalIsNeverPublished() {
        SessionDataSessionRepository repository = a.bean(SessionDataSessionRepository.class);
        SessionDataSession session = repository.createSession();
        session.setAttribute("item", "kettle");
        session.setMaxInactiveInterval(Duration.ZERO);
        repository.save(session);
        String id = session.getId();

        String later = sessionIdOf(cookieOf(a.send("POST", "/cart?item=pen", null)));
        await().atMost(Duration.ofSeconds(30)).until(() -> publishedOf(later).contains("created " + later));

        assertThat(repository.findById(id)).isNull();
        await().during(NO_SECOND_COPY).atMost(NO_SECOND_COPY.plusSeconds(5)).until(() -> publishedOf(id).isEmpty());
    }

    /** Signs {@code user} in (the sample's password is the name and {@code -secret}); the session's cookie. */
    private static String signIn(AppInstance instance, String user) {
        HttpResponse<String> signedIn = instance.send("POST", "/sign-in?username=" + user + "&password=" + user
                + "-secret", null);
        assertThat(signedIn.statusCode()).as("sign-in of %s", user).isEqualTo(302);
        return cookieOf(signedIn);
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    void theDeletionOfASignedInSessionTellsWhoseItWas() {
        String cookie = signIn(a, "ada");
        String id = sessionIdOf(cookie);
        await().atMost(Duration.ofSeconds(30)).until(() -> publishedOf(id).contains("created " + id + " of ada"));

        assertThat(b.send("POST", "/sign-out", cookie).statusCode()).isEqualTo(302);

        assertPublishedOnce(id, List.of("created " + id + " of ada", "deleted " + id + " of ada"));
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    void theExpiryOfASignedInSessionNobodyTouchesTellsWhoseItWas() {
        String id = sessionIdOf(signIn(b, "bob"));

        assertPublishedOnce(id, List.of("created " + id + " of bob", "expired " + id + " of bob"));
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    void aSessionNobodyTouchesExpiresAndIsPublishedOnceAsExpired() {
        String id = sessionIdOf(cookieOf(b.send("POST", "/cart?item=pen", null)));

        assertPublishedOnce(id, List.of("created " + id, "expired " + id));
    }
}
