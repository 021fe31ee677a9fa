package dev.sessiondata.spring.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.client.SessionClient;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.spring.SessionDataSession;
import dev.sessiondata.spring.SessionDataSessionRepository;
import dev.sessiondata.testsupport.TestServer;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Instant;
import java.util.HashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.session.FlushMode;
import org.springframework.session.SaveMode;

/**
 * What each repository option sends to the real server, counted by the client's request meters: which requests a
 * save sends is the behaviour, so the test asserts on them.
 */
class RepositoryOptionsIT {

    private static final SerializerSettings SETTINGS =
            SerializerSettings.builder().allowPackages("dev.sessiondata.spring.e2e").build();

    private static TestServer server;
    private static SimpleMeterRegistry meters;
    private static SessionClient client;

    @BeforeAll
    static void start() {
        server = TestServer.start();
        meters = new SimpleMeterRegistry();
        client = SessionClient.builder().baseUri(server.baseUri()).token(TestServer.TOKEN)
                .serializerSettings(SETTINGS).meterRegistry(meters).build();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static SessionDataSessionRepository repository() {
        return new SessionDataSessionRepository(client, SETTINGS);
    }

    /** Requests sent so far other than reads. */
    private static long writes() {
        return meters.find("sessiondata.client.requests").timers().stream()
                .filter(timer -> !"get".equals(timer.getId().getTag("operation")))
                .mapToLong(Timer::count).sum();
    }

    private static long requests(String operation) {
        return meters.find("sessiondata.client.requests").tag("operation", operation).timers().stream()
                .mapToLong(Timer::count).sum();
    }

    private static String saved(SessionDataSessionRepository repository, Cart cart) {
        SessionDataSession session = repository.createSession();
        session.setAttribute("cart", cart);
        repository.save(session);
        return session.getId();
    }

    /** What a request of {@code repository} finds under {@code id}, which must be there. */
    private static SessionDataSession find(SessionDataSessionRepository repository, String id) {
        SessionDataSession found = repository.findById(id);
        assertThat(found).as("session " + id).isNotNull();
        return found;
    }

    private static String version(String id) {
        return client.get(id, HashMap.class).orElseThrow().version();
    }

    @Test
    void aRequestThatOnlyReadsSendsNothingButTheRead() {
        SessionDataSessionRepository repository = repository();
        String id = saved(repository, new Cart().add("book"));
        long writes = writes();

        SessionDataSession request = find(repository, id);
        request.setLastAccessedTime(Instant.now());
        assertThat(request.<Cart>getAttribute("cart")).isEqualTo(new Cart().add("book"));
        repository.save(request);

        assertThat(writes()).isEqualTo(writes);
    }

    @Test
    void touchOnReadTouchesTheSessionInsteadOfWritingIt() {
        SessionDataSessionRepository repository = repository();
        repository.setTouchOnRead(true);
        String id = saved(repository, new Cart());
        String version = version(id);
        long touches = requests("touch");

        SessionDataSession request = find(repository, id);
        repository.save(request);

        assertThat(requests("touch")).isEqualTo(touches + 1);
        assertThat(version(id)).isEqualTo(version);
    }

    @Test
    void onGetAttributeWritesAnAttributeChangedInPlaceWhichOnSetAttributeDoesNot() {
        SessionDataSessionRepository onSet = repository();
        String id = saved(onSet, new Cart().add("book"));
        SessionDataSession request = find(onSet, id);
        request.<Cart>getAttribute("cart").add("lost");
        onSet.save(request);
        assertThat(find(onSet, id).<Cart>getAttribute("cart")).isEqualTo(new Cart().add("book"));

        SessionDataSessionRepository onGet = repository();
        onGet.setSaveMode(SaveMode.ON_GET_ATTRIBUTE);
        SessionDataSession changing = find(onGet, id);
        changing.<Cart>getAttribute("cart").add("pen");
        onGet.save(changing);

        assertThat(find(onGet, id).<Cart>getAttribute("cart")).isEqualTo(new Cart().add("book").add("pen"));
    }

    @Test
    void saveModeAlwaysWritesEvenARequestThatOnlyRead() {
        SessionDataSessionRepository repository = repository();
        repository.setSaveMode(SaveMode.ALWAYS);
        String id = saved(repository, new Cart());
        String version = version(id);

        SessionDataSession request = find(repository, id);
        repository.save(request);

        assertThat(version(id)).isNotEqualTo(version);
    }

    @Test
    void immediateFlushWritesAtCreationAndAtEachChange() {
        SessionDataSessionRepository repository = repository();
        repository.setFlushMode(FlushMode.IMMEDIATE);

        SessionDataSession session = repository.createSession();
        assertThat(repository.findById(session.getId())).as("stored at creation").isNotNull();
        long replaces = requests("replace");
        long updates = requests("update");
        session.setAttribute("cart", new Cart().add("book"));

        // the creation's version is known: the change is one conditional write, without reading the session again
        assertThat(requests("replace")).isEqualTo(replaces + 1);
        assertThat(requests("update")).isEqualTo(updates);

        assertThat(find(repository, session.getId()).<Cart>getAttribute("cart")).isEqualTo(new Cart().add("book"));
    }
}
