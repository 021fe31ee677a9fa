package dev.sessiondata.sample;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.event.EventListener;
import org.springframework.session.PrincipalNameIndexResolver;
import org.springframework.session.Session;
import org.springframework.session.events.AbstractSessionEvent;
import org.springframework.session.events.SessionCreatedEvent;
import org.springframework.session.events.SessionDeletedEvent;
import org.springframework.session.events.SessionExpiredEvent;
import org.springframework.stereotype.Component;

/**
 * An audit log of sessions, as applications hang on Spring Session's events: with
 * {@code sessiondata.client.events.enabled=true} the starter publishes each session's creation, deletion and expiry
 * on one of the application's instances. Keeps the last {@value #KEPT} it heard, as {@code <kind> <session id>},
 * followed by {@code of <user>} for a signed-in user's session: whose session it was, resolved as Spring Session
 * resolves a session's principal ({@link PrincipalNameIndexResolver}), which the starter's event session answers
 * from the principal name the service kept for it.
 */
@Component
public class SessionAudit {

    private static final Logger LOG = LoggerFactory.getLogger(SessionAudit.class);
    private static final int KEPT = 1000;

    private final Deque<String> recent = new ArrayDeque<>();
    private final PrincipalNameIndexResolver<Session> principals = new PrincipalNameIndexResolver<>();

    @EventListener
    void on(AbstractSessionEvent event) {
        String kind = event instanceof SessionCreatedEvent ? "created"
                : event instanceof SessionExpiredEvent ? "expired"
                : event instanceof SessionDeletedEvent ? "deleted" : event.getClass().getSimpleName();
        String user = principals.resolveIndexValueFor(event.getSession());
        String entry = kind + " " + event.getSessionId() + (user == null ? "" : " of " + user);
        LOG.info("Session {}", entry);
        synchronized (recent) {
            recent.addLast(entry);
            if (recent.size() > KEPT) {
                recent.removeFirst();
            }
        }
    }

    /** The events heard, oldest first. */
    public List<String> recent() {
        synchronized (recent) {
            return List.copyOf(recent);
        }
    }
}
