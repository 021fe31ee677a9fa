package dev.sessiondata.spring.e2e;

import dev.sessiondata.spring.SessionDataReactiveSessionRepository;
import dev.sessiondata.spring.SessionDataSession;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import java.util.Map;
import org.springframework.session.FindByIndexNameSessionRepository;

/**
 * The reactive repository seen through the servlet API, so that one contract holds both: each call subscribes and
 * waits (here, in a test, never on a web server's thread).
 */
record BlockingReactiveRepository(SessionDataReactiveSessionRepository reactive)
        implements FindByIndexNameSessionRepository<SessionDataSession> {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Override
    public SessionDataSession createSession() {
        return reactive.createSession().block(WAIT);
    }

    @Override
    public void save(SessionDataSession session) {
        reactive.save(session).block(WAIT);
    }

    @Override
    public @Nullable SessionDataSession findById(String id) {
        return reactive.findById(id).block(WAIT);
    }

    @Override
    public Map<String, SessionDataSession> findByIndexNameAndIndexValue(String indexName, String indexValue) {
        return reactive.findByIndexNameAndIndexValue(indexName, indexValue).block(WAIT);
    }

    @Override
    public void deleteById(String id) {
        reactive.deleteById(id).block(WAIT);
    }
}
