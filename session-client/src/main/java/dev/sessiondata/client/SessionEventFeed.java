package dev.sessiondata.client;

import dev.sessiondata.client.internal.nearcache.EventFeeds;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The session events of an application, each told to one of its instances: every instance follows the service's
 * change feed naming the application's group, and the service marks each session's creation, deletion and expiry
 * for exactly one subscriber of the group, through whichever service instance (a claim in the store). This
 * instance's listener hears the events marked for it, in the feed's order, on the feed's thread: a listener that
 * takes long holds the feed up (hand slow work to an executor).
 *
 * <p>At most once: an instance that stops between the service's claim and its listener's return loses that event
 * for its group. A lost stream resumes from its last position, so events committed meanwhile are claimed then (as
 * long as the service's history reaches back). Building connects nothing; {@link #start} does.
 */
public final class SessionEventFeed implements AutoCloseable {

    private final URI baseUri;
    private final String token;
    private final String group;
    private final Duration connectTimeout;
    private final Consumer<SessionEvent> listener;
    private @Nullable AutoCloseable following;

    /**
     * @param group the application group, 1 to 64 letters, digits, {@code .}, {@code _}, {@code -} or {@code :}
     *              (every instance of one application names the same; Spring Boot's starter takes
     *              {@code spring.application.name})
     */
    public SessionEventFeed(URI baseUri, String token, String group, Duration connectTimeout,
                            Consumer<SessionEvent> listener) {
        this.baseUri = Objects.requireNonNull(baseUri, "baseUri");
        this.token = Objects.requireNonNull(token, "token");
        this.group = Objects.requireNonNull(group, "group");
        if (!group.matches("[A-Za-z0-9._:-]{1,64}")) {
            throw new IllegalArgumentException("group must be 1 to 64 letters, digits, '.', '_', '-' or ':', was '"
                    + group + "'");
        }
        this.connectTimeout = Objects.requireNonNull(connectTimeout, "connectTimeout");
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    /** Starts following the feed (in the background: a service that is away is tried again until it answers). */
    public synchronized SessionEventFeed start() {
        if (following == null) {
            following = EventFeeds.follow(baseUri, token, group, connectTimeout, (id, kind, indexes) -> {
                SessionEvent.Kind told = SessionEvent.Kind.of(kind);
                if (told != null) {
                    listener.accept(new SessionEvent(id, told, indexes));
                }
            });
        }
        return this;
    }

    public String group() {
        return group;
    }

    /** Stops following the feed. */
    @Override
    public synchronized void close() {
        if (following != null) {
            try {
                following.close();
            } catch (Exception e) {
                throw new IllegalStateException("closing the event feed failed", e);
            }
            following = null;
        }
    }
}
