package dev.sessiondata.spring.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.client.SessionClient;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.spring.SessionDataSession;
import dev.sessiondata.spring.SessionDataSessionRepository;
import dev.sessiondata.testsupport.TestServer;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.session.SessionRepository;

/**
 * The contract Spring Session's own repository integration tests hold its Redis repositories to (save, find,
 * delete, attributes, {@code changeSessionId} in its variants, max inactive interval), held to ours against the
 * real server. One subclass per store of the server and repository (servlet, reactive).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class SpringSessionContract {

    private TestServer server;
    private SessionRepository<SessionDataSession> repository;

    /** The server's store properties. */
    abstract String[] store();

    /** The repository under test: the servlet one, or a test's blocking view of the reactive one. */
    SessionRepository<SessionDataSession> repository(SessionClient client, SerializerSettings settings) {
        return new SessionDataSessionRepository(client, settings);
    }

    @BeforeAll
    void start() {
        server = TestServer.start(Stream.concat(Stream.of("sessiondata.serializer.active=one-nio"),
                Stream.of(store())).toArray(String[]::new));
        SerializerSettings settings = SerializerSettings.builder().allowPackages("dev.sessiondata.spring.e2e").build();
        SessionClient client = SessionClient.builder().baseUri(server.baseUri()).token(TestServer.TOKEN)
                .serializerSettings(settings).build();
        repository = repository(client, settings);
    }

    @AfterAll
    void stop() {
        server.close();
    }

    private SessionDataSession saved(String name, Object value) {
        SessionDataSession session = repository.createSession();
        session.setAttribute(name, value);
        repository.save(session);
        return session;
    }

    private @Nullable SessionDataSession find(String id) {
        return repository.findById(id);
    }

    @Test
    void aSavedSessionIsFoundWithItsIdTimesAndAttributes() {
        SessionDataSession session = repository.createSession();
        session.setAttribute("user", "ada");
        session.setMaxInactiveInterval(Duration.ofMinutes(12));
        repository.save(session);

        SessionDataSession found = find(session.getId());

        assertThat(found).isNotNull();
        assertThat(found.getId()).isEqualTo(session.getId());
        assertThat(found.getAttributeNames()).containsExactly("user");
        assertThat(found.<String>getAttribute("user")).isEqualTo("ada");
        assertThat(found.getCreationTime()).isEqualTo(session.getCreationTime().truncatedTo(ChronoUnit.MILLIS));
        assertThat(found.getLastAccessedTime()).isAfterOrEqualTo(found.getCreationTime());
        assertThat(found.getMaxInactiveInterval()).isEqualTo(Duration.ofMinutes(12));
        assertThat(found.isExpired()).isFalse();
    }

    @Test
    void anIdNeverSavedIsNotFound() {
        assertThat(find(repository.createSession().getId())).isNull();
    }

    @Test
    void aDeletedSessionIsNotFoundAndDeletingItAgainIsHarmless() {
        String id = saved("user", "ada").getId();

        repository.deleteById(id);
        repository.deleteById(id);

        assertThat(find(id)).isNull();
    }

    @Test
    void anAttributeSetThenRemovedBeforeTheSaveIsNotStored() {
        SessionDataSession session = repository.createSession();
        session.setAttribute("kept", "yes");
        session.setAttribute("dropped", "soon");
        session.removeAttribute("dropped");
        repository.save(session);

        assertThat(find(session.getId()).getAttributeNames()).containsExactly("kept");
    }

    @Test
    void anAttributeRemovedFromAFoundSessionIsGoneAfterTheSave() {
        String id = saved("user", "ada").getId();
        SessionDataSession found = find(id);

        found.removeAttribute("user");
        repository.save(found);

        assertThat(find(id).getAttributeNames()).isEmpty();
    }

    @Test
    void settingAnAttributeToNullRemovesIt() {
        String id = saved("user", "ada").getId();
        SessionDataSession found = find(id);

        found.setAttribute("user", null);
        repository.save(found);

        assertThat(find(id).<String>getAttribute("user")).isNull();
    }

    @Test
    void anAttributeOverwrittenInAFoundSessionHasItsNewValue() {
        String id = saved("user", "ada").getId();
        SessionDataSession found = find(id);

        found.setAttribute("user", "grace");
        found.setAttribute("added", 2);
        repository.save(found);

        SessionDataSession again = find(id);
        assertThat(again.<String>getAttribute("user")).isEqualTo("grace");
        assertThat(again.<Integer>getAttribute("added")).isEqualTo(2);
    }

    @Test
    void aChangedIdFindsTheSessionAndTheOldOneNothing() {
        SessionDataSession session = saved("user", "ada");
        String oldId = session.getId();
        SessionDataSession found = find(oldId);

        String newId = found.changeSessionId();
        repository.save(found);

        assertThat(newId).isNotEqualTo(oldId).isEqualTo(found.getId());
        assertThat(find(oldId)).isNull();
        assertThat(find(newId).<String>getAttribute("user")).isEqualTo("ada");
    }

    @Test
    void anIdChangedWithAnAttributeChangeKeepsBoth() {
        String oldId = saved("user", "ada").getId();
        SessionDataSession found = find(oldId);

        found.setAttribute("user", "grace");
        found.removeAttribute("missing");
        String newId = found.changeSessionId();
        repository.save(found);

        assertThat(find(oldId)).isNull();
        assertThat(find(newId).<String>getAttribute("user")).isEqualTo("grace");
    }

    @Test
    void anIdChangedTwiceBeforeTheSaveKeepsOnlyTheLast() {
        String oldId = saved("user", "ada").getId();
        SessionDataSession found = find(oldId);

        String between = found.changeSessionId();
        String last = found.changeSessionId();
        repository.save(found);

        assertThat(find(oldId)).isNull();
        assertThat(find(between)).isNull();
        assertThat(find(last).<String>getAttribute("user")).isEqualTo("ada");
    }

    @Test
    void anIdChangedThenSavedTwiceStaysUnderTheNewId() {
        String oldId = saved("user", "ada").getId();
        SessionDataSession found = find(oldId);

        String newId = found.changeSessionId();
        repository.save(found);
        found.setAttribute("visits", 1);
        repository.save(found);

        assertThat(find(oldId)).isNull();
        assertThat(find(newId).<Integer>getAttribute("visits")).isEqualTo(1);
    }

    @Test
    void anIdChangedAgainInALaterRequestMovesTheSessionAgain() {
        String first = saved("user", "ada").getId();
        SessionDataSession found = find(first);
        String second = found.changeSessionId();
        repository.save(found);

        SessionDataSession later = find(second);
        String third = later.changeSessionId();
        repository.save(later);

        assertThat(find(first)).isNull();
        assertThat(find(second)).isNull();
        assertThat(find(third).<String>getAttribute("user")).isEqualTo("ada");
    }

    @Test
    void aNewSessionWhoseIdChangedBeforeItsFirstSaveIsStoredOnlyUnderTheNewId() {
        SessionDataSession session = repository.createSession();
        String original = session.getId();
        session.setAttribute("user", "ada");

        String newId = session.changeSessionId();
        repository.save(session);

        assertThat(find(original)).isNull();
        assertThat(find(newId).<String>getAttribute("user")).isEqualTo("ada");
    }

    @Test
    void aMaxInactiveIntervalChangedInAFoundSessionIsKept() {
        String id = saved("user", "ada").getId();
        SessionDataSession found = find(id);

        found.setMaxInactiveInterval(Duration.ofMinutes(45));
        repository.save(found);

        assertThat(find(id).getMaxInactiveInterval()).isEqualTo(Duration.ofMinutes(45));
    }

    @Test
    void anUnchangedFoundSessionSavedAgainIsStillThere() {
        String id = saved("user", "ada").getId();

        repository.save(find(id));

        assertThat(find(id).<String>getAttribute("user")).isEqualTo("ada");
    }

    @Test
    void aSessionDeletedWhileARequestChangedItsIdIsNotBroughtBack() {
        String oldId = saved("user", "ada").getId();
        SessionDataSession found = find(oldId);

        repository.deleteById(oldId);
        String newId = found.changeSessionId();
        repository.save(found);

        assertThat(find(oldId)).isNull();
        assertThat(find(newId)).isNull();
    }

    @Test
    void twoRequestsChangingTheIdOfOneSessionLeaveItUnderTheFirstNewIdOnly() {
        String oldId = saved("user", "ada").getId();
        SessionDataSession copy1 = find(oldId);
        SessionDataSession copy2 = find(oldId);

        copy1.changeSessionId();
        repository.save(copy1);
        copy2.changeSessionId();
        repository.save(copy2);

        assertThat(find(oldId)).isNull();
        assertThat(find(copy1.getId())).isNotNull();
        assertThat(find(copy2.getId())).isNull();
    }

    @Test
    void aSessionLastAccessedLongerAgoThanItsMaxInactiveIntervalIsExpired() {
        SessionDataSession session = saved("user", "ada");
        SessionDataSession found = find(session.getId());

        found.setLastAccessedTime(found.getLastAccessedTime().minus(Duration.ofMinutes(31)));
        found.setMaxInactiveInterval(Duration.ofMinutes(30));
        repository.save(found);

        assertThat(find(session.getId())).isNull();
    }
}
