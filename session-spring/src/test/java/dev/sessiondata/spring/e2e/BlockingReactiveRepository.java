package dev.sessiondata.spring.e2e;

import dev.sessiondata.spring.SessionDataReactiveSessionRepository;
import dev.sessiondata.spring.SessionDataSession;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.session.SessionRepository;

/**
 * The reactive repository seen through the servlet API, so that one contract holds both: each call subscribes and
 * waits (here, in a test, never on a web server's thread).
 */
record BlockingReactiveRepository(SessionDataReactiveSessionRepository reactive)
        implements SessionRepository<SessionDataSession> {

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
    public void deleteById(String id) {
        reactive.deleteById(id).block(WAIT);
    }
}
