package dev.sessiondata.spring.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.sessiondata.api.SessionApi;
import dev.sessiondata.client.SessionClient;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.spring.SessionDataSession;
import dev.sessiondata.spring.SessionDataSessionRepository;
import dev.sessiondata.testsupport.TestServer;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.session.FindByIndexNameSessionRepository;
import org.springframework.session.SessionRepository;

/**
 * The contract Spring Session's own repository integration tests hold its Redis repositories to (save, find,
 * delete, attributes, {@code changeSessionId} in its variants, max inactive interval, and the lookups by principal
 * name of {@code RedisIndexedSessionRepositoryITests}, by the name attribute and by the security context), held to
 * ours against the real server. One subclass per store of the server and repository (servlet, reactive).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class SpringSessionContract {

    private static final String PRINCIPAL = FindByIndexNameSessionRepository.PRINCIPAL_NAME_INDEX_NAME;
    private static final String SECURITY_CONTEXT = "SPRING_SECURITY_CONTEXT";

    private TestServer server;
    private SessionClient client;
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
        client = SessionClient.builder().baseUri(server.baseUri()).token(TestServer.TOKEN)
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

    /**
     * Spring Session's "never expires" (a negative interval): the service keeps no session forever, so it lives the
     * longest the service allows (its {@code sessiondata.session.max-ttl}, 24 hours by default) past its last use.
     */
    @Test
    void aSessionThatNeverExpiresLivesTheServicesLongestTtlAndKeepsItsInterval() {
        SessionDataSession session = repository.createSession();
        session.setAttribute("user", "ada");
        session.setMaxInactiveInterval(Duration.ofSeconds(-1));
        Instant saved = Instant.now();
        repository.save(session);

        SessionDataSession found = find(session.getId());

        assertThat(found).isNotNull();
        assertThat(found.getMaxInactiveInterval()).isEqualTo(Duration.ofSeconds(-1));
        assertThat(found.isExpired()).isFalse();
        assertThat(found.<String>getAttribute("user")).isEqualTo("ada");
        Instant expiresAt = Instant.parse(server.head(session.getId()).headers()
                .firstValue(SessionApi.EXPIRES_AT_HEADER).orElseThrow());
        assertThat(expiresAt).isAfter(saved.plus(Duration.ofHours(24)).minusSeconds(5))
                .isBefore(Instant.now().plus(Duration.ofHours(24)).plusSeconds(1));

        found.setAttribute("user", "grace");
        repository.save(found);
        assertThat(find(session.getId()).getMaxInactiveInterval()).isEqualTo(Duration.ofSeconds(-1));
    }

    /**
     * Spring Session's {@code saveExpired}: a zero interval expires the session at once ({@code MapSession.isExpired}
     * and Redis's {@code EXPIRE key 0}), so a stored session set to it is gone after the save.
     */
    @Test
    void saveExpired() {
        String id = saved("user", "ada").getId();
        SessionDataSession found = find(id);

        found.setMaxInactiveInterval(Duration.ZERO);
        assertThat(found.isExpired()).isTrue();
        assertThat(found.getMaxInactiveInterval()).isEqualTo(Duration.ZERO);
        repository.save(found);

        assertThat(find(id)).isNull();
        assertThat(server.head(id).statusCode()).isEqualTo(404);
    }

    /** A new session of a zero interval is expired as it is saved: the service never holds it. */
    @Test
    void aNewSessionOfAZeroMaxInactiveIntervalIsNeverStored() {
        SessionDataSession session = repository.createSession();
        session.setAttribute("user", "ada");
        session.setMaxInactiveInterval(Duration.ZERO);
        repository.save(session);

        assertThat(find(session.getId())).isNull();
        assertThat(server.head(session.getId()).statusCode()).isEqualTo(404);
    }

    @Test
    void anUnchangedFoundSessionSavedAgainIsStillThere() {
        String id = saved("user", "ada").getId();

        repository.save(find(id));

        assertThat(find(id).<String>getAttribute("user")).isEqualTo("ada");
    }

    /** Spring Session's {@code changeSessionIdWhenSessionIsDeleted} (gh-1137), on the saved session itself. */
    @Test
    void changeSessionIdWhenSessionIsDeleted() {
        SessionDataSession toSave = repository.createSession();
        String sessionId = toSave.getId();
        repository.save(toSave);

        repository.deleteById(sessionId);
        toSave.changeSessionId();
        repository.save(toSave);

        assertThat(find(toSave.getId())).isNull();
        assertThat(find(sessionId)).isNull();
    }

    /**
     * gh-1137 and gh-1270 at once rather than in turn: a logout racing a login's id change, and two id changes of one
     * session racing each other. Once all answered, a deleted session is under no id and a changed one under one.
     */
    @Test
    void racingLogoutsAndIdChangesNeverLeaveTwoCopiesOrAnUndoneLogout() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            for (int round = 0; round < 15; round++) {
                String oldId = saved("user", "ada").getId();
                SessionDataSession first = find(oldId);
                SessionDataSession second = find(oldId);
                first.changeSessionId();
                second.changeSessionId();
                boolean logout = round % 2 == 0;
                List<Callable<Void>> requests = new ArrayList<>();
                requests.add(() -> {
                    repository.save(first);
                    return null;
                });
                requests.add(() -> {
                    repository.save(second);
                    return null;
                });
                if (logout) {
                    requests.add(() -> {
                        repository.deleteById(oldId);
                        return null;
                    });
                }
                for (Future<Void> done : pool.invokeAll(requests)) {
                    done.get();
                }
                int live = (find(first.getId()) != null ? 1 : 0) + (find(second.getId()) != null ? 1 : 0);
                assertThat(find(oldId)).isNull();
                if (logout) {
                    assertThat(live).as("copies after a racing logout, round %d", round).isLessThanOrEqualTo(1);
                } else {
                    assertThat(live).as("copies after two racing id changes, round %d", round).isEqualTo(1);
                }
            }
        } finally {
            pool.shutdownNow();
        }
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

    /** Spring Session's {@code changeSessionIdSaveConcurrently} (gh-1270). */
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

    private Map<String, SessionDataSession> sessionsOf(String principal) {
        return indexed().findByIndexNameAndIndexValue(PRINCIPAL, principal);
    }

    private static String principal(String name) {
        return name + "-" + UUID.randomUUID();
    }

    @Test
    void aSessionIsFoundByThePrincipalNameAttributeUntilItIsDeleted() {
        String principal = principal("attribute");
        SessionDataSession session = saved(PRINCIPAL, principal);

        Map<String, SessionDataSession> found = indexed().findByPrincipalName(principal);
        assertThat(found).containsOnlyKeys(session.getId());
        assertThat(found.get(session.getId()).<String>getAttribute(PRINCIPAL)).isEqualTo(principal);

        repository.deleteById(session.getId());
        assertThat(sessionsOf(principal)).isEmpty();
    }

    /** The session fixation protection of a sign-in: the principal's session is found under its new id only. */
    @Test
    void aChangedSessionIdIsFoundByThePrincipalNameInPlaceOfTheOld() {
        String principal = principal("id-change");
        SessionDataSession session = saved(PRINCIPAL, principal);
        String oldId = session.getId();
        SessionDataSession found = find(oldId);

        String newId = found.changeSessionId();
        repository.save(found);

        assertThat(sessionsOf(principal)).containsOnlyKeys(newId);
        assertThat(find(oldId)).isNull();
        repository.deleteById(newId);
        assertThat(sessionsOf(principal)).isEmpty();
    }

    @Test
    void aSaveThatLeavesThePrincipalNameKeepsTheSessionFound() {
        String principal = principal("unchanged");
        SessionDataSession session = saved(PRINCIPAL, principal);

        session.setAttribute("other", "value");
        repository.save(session);

        assertThat(sessionsOf(principal)).containsOnlyKeys(session.getId());
    }

    @Test
    void aSaveOfAFoundSessionThatLeavesThePrincipalNameKeepsTheSessionFound() {
        String principal = principal("unchanged-reload");
        SessionDataSession session = saved(PRINCIPAL, principal);

        SessionDataSession found = find(session.getId());
        found.setAttribute("other", "value");
        repository.save(found);

        assertThat(sessionsOf(principal)).containsOnlyKeys(session.getId());
    }

    @Test
    void aRemovedPrincipalNameFindsNothing() {
        String principal = principal("removed");
        SessionDataSession session = saved(PRINCIPAL, principal);

        session.setAttribute(PRINCIPAL, null);
        repository.save(session);

        assertThat(sessionsOf(principal)).isEmpty();
    }

    @Test
    void aPrincipalNameRemovedFromAFoundSessionFindsNothing() {
        String principal = principal("removed-reload");
        SessionDataSession session = saved(PRINCIPAL, principal);

        SessionDataSession found = find(session.getId());
        found.setAttribute(PRINCIPAL, null);
        repository.save(found);

        assertThat(sessionsOf(principal)).isEmpty();
    }

    @Test
    void aChangedPrincipalNameFindsTheSessionUnderTheNewNameOnly() {
        String principal = principal("before");
        String changed = principal("after");
        SessionDataSession session = saved(PRINCIPAL, principal);

        session.setAttribute(PRINCIPAL, changed);
        repository.save(session);

        assertThat(sessionsOf(principal)).isEmpty();
        assertThat(sessionsOf(changed)).containsOnlyKeys(session.getId());
    }

    @Test
    void aPrincipalNameChangedInAFoundSessionFindsItUnderTheNewNameOnly() {
        String principal = principal("before-reload");
        String changed = principal("after-reload");
        SessionDataSession session = saved(PRINCIPAL, principal);

        SessionDataSession found = find(session.getId());
        found.setAttribute(PRINCIPAL, changed);
        repository.save(found);

        assertThat(sessionsOf(principal)).isEmpty();
        assertThat(sessionsOf(changed)).containsOnlyKeys(session.getId());
    }

    @Test
    void aSessionIsFoundByItsSecurityContextsNameUntilItIsDeleted() {
        String principal = principal("security");
        SessionDataSession session = saved(SECURITY_CONTEXT, new SignedIn(principal));

        assertThat(sessionsOf(principal)).containsOnlyKeys(session.getId());

        repository.deleteById(session.getId());
        assertThat(sessionsOf(principal)).isEmpty();
    }

    @Test
    void aSaveThatLeavesTheSecurityContextKeepsTheSessionFound() {
        String principal = principal("security-unchanged");
        SessionDataSession session = saved(SECURITY_CONTEXT, new SignedIn(principal));

        SessionDataSession found = find(session.getId());
        found.setAttribute("other", "value");
        repository.save(found);
        session.setAttribute("other", "again");
        repository.save(session);

        assertThat(sessionsOf(principal)).containsOnlyKeys(session.getId());
    }

    @Test
    void aRemovedSecurityContextFindsNothing() {
        String principal = principal("security-removed");
        SessionDataSession session = saved(SECURITY_CONTEXT, new SignedIn(principal));

        session.setAttribute(SECURITY_CONTEXT, null);
        repository.save(session);

        assertThat(sessionsOf(principal)).isEmpty();
    }

    @Test
    void aChangedSecurityContextFindsTheSessionUnderTheNewNameOnly() {
        String principal = principal("security-before");
        String changed = principal("security-after");
        SessionDataSession session = saved(SECURITY_CONTEXT, new SignedIn(principal));

        SessionDataSession found = find(session.getId());
        found.setAttribute(SECURITY_CONTEXT, new SignedIn(changed));
        repository.save(found);

        assertThat(sessionsOf(principal)).isEmpty();
        assertThat(sessionsOf(changed)).containsOnlyKeys(session.getId());
    }

    /**
     * Spring Session's test sends the expiry event by hand; here the service expires the session itself. The wait
     * polls the service's index listing, which slides no expiry, where the repository's lookup reads each session
     * and so would keep it alive.
     */
    @Test
    void anExpiredSessionIsNotFoundByItsPrincipal() {
        String principal = principal("expiring");
        SessionDataSession session = repository.createSession();
        session.setAttribute(SECURITY_CONTEXT, new SignedIn(principal));
        session.setMaxInactiveInterval(Duration.ofSeconds(1));
        repository.save(session);
        assertThat(sessionsOf(principal)).containsOnlyKeys(session.getId());

        await().atMost(Duration.ofSeconds(10))
                .until(() -> client.sessionsOf(SessionApi.PRINCIPAL_INDEX, principal).isEmpty());

        assertThat(sessionsOf(principal)).isEmpty();
        assertThat(find(session.getId())).isNull();
    }

    @Test
    void aChangedIdMovesTheSessionsPrincipalToTheNewId() {
        String principal = principal("moved");
        SessionDataSession session = saved(PRINCIPAL, principal);
        String oldId = session.getId();

        SessionDataSession found = find(oldId);
        found.changeSessionId();
        repository.save(found);

        assertThat(sessionsOf(principal)).containsOnlyKeys(found.getId());
    }

    @Test
    void anIndexOtherThanThePrincipalsFindsNothing() {
        String principal = principal("other-index");
        saved(PRINCIPAL, principal);

        assertThat(indexed().findByIndexNameAndIndexValue("tenant", principal)).isEmpty();
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

    /** Spring Session's {@code save_LastAccessedTimeInPast_ShouldExpireSession}. */
    @Test
    void save_LastAccessedTimeInPast_ShouldExpireSession() {
        SessionDataSession session = repository.createSession();
        session.setAttribute("user", "ada");
        session.setLastAccessedTime(Instant.EPOCH);
        repository.save(session);

        assertThat(find(session.getId())).isNull();
    }

    /** Spring Session's {@code getSessionExpired}. */
    @Test
    void getSessionExpired() {
        SessionDataSession session = repository.createSession();
        session.setLastAccessedTime(Instant.now().minus(SessionDataSessionRepository.DEFAULT_MAX_INACTIVE_INTERVAL)
                .minusSeconds(1));
        repository.save(session);

        assertThat(find(session.getId())).isNull();
    }

    /** The repository's lookups by index: both repositories have them (the reactive one through its blocking view). */
    @SuppressWarnings("unchecked")
    private FindByIndexNameSessionRepository<SessionDataSession> indexed() {
        return (FindByIndexNameSessionRepository<SessionDataSession>) repository;
    }
}
