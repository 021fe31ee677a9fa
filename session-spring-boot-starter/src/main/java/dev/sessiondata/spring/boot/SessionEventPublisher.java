package dev.sessiondata.spring.boot;

import dev.sessiondata.client.SessionEvent;
import dev.sessiondata.client.SessionEventFeed;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.SmartLifecycle;
import org.springframework.session.FindByIndexNameSessionRepository;
import org.springframework.session.MapSession;
import org.springframework.session.events.AbstractSessionEvent;
import org.springframework.session.events.SessionCreatedEvent;
import org.springframework.session.events.SessionDeletedEvent;
import org.springframework.session.events.SessionExpiredEvent;

/**
 * Publishes the session events the service's change feed marks for this instance as Spring Session's
 * {@link SessionCreatedEvent}, {@link SessionDeletedEvent} and {@link SessionExpiredEvent} (the last two are
 * {@code SessionDestroyedEvent}s), through the application's {@link ApplicationEventPublisher}, with this
 * publisher as their source. Follows the feed while the application context runs.
 *
 * <p>The event's session carries its id and, when its writes named one, its principal name as the
 * {@link FindByIndexNameSessionRepository#PRINCIPAL_NAME_INDEX_NAME} attribute, from which Spring Session resolves
 * a session's principal: its {@code getAttributeNames()} is that one name or none. Its other attributes are not
 * there: the service never reads a session's bytes, and a deleted or expired session's attributes are gone with it.
 * Its times and max inactive interval are those of a new {@link MapSession}, not the ended session's.
 */
final class SessionEventPublisher implements SmartLifecycle {

    private static final Logger LOG = LoggerFactory.getLogger(SessionEventPublisher.class);

    private final ApplicationEventPublisher events;
    private @Nullable SessionEventFeed feed;
    private volatile boolean running;

    SessionEventPublisher(ApplicationEventPublisher events) {
        this.events = events;
    }

    void follow(SessionEventFeed feed) {
        this.feed = feed;
    }

    /** Publishes {@code event} as Spring Session's event; a listener's failure is logged, not passed to the feed. */
    void publish(SessionEvent event) {
        MapSession session = new MapSession(event.sessionId());
        event.principal().ifPresent(principal ->
                session.setAttribute(FindByIndexNameSessionRepository.PRINCIPAL_NAME_INDEX_NAME, principal));
        AbstractSessionEvent published = switch (event.kind()) {
            case CREATED -> new SessionCreatedEvent(this, session);
            case DELETED -> new SessionDeletedEvent(this, session);
            case EXPIRED -> new SessionExpiredEvent(this, session);
        };
        try {
            events.publishEvent(published);
        } catch (RuntimeException e) {
            LOG.warn("A listener of {} failed", published.getClass().getSimpleName(), e);
        }
    }

    @Override
    public void start() {
        if (feed != null) {
            feed.start();
        }
        running = true;
    }

    @Override
    public void stop() {
        if (feed != null) {
            feed.close();
        }
        running = false;
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
