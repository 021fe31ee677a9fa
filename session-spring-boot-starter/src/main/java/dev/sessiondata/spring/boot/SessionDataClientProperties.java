package dev.sessiondata.spring.boot;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.session.FlushMode;
import org.springframework.session.SaveMode;
import org.springframework.util.unit.DataSize;

/**
 * The session-data client of a Spring Boot application, and how its HttpSessions are kept in the service. Setting
 * {@code base-uri} switches the auto-configuration on.
 */
@ConfigurationProperties("sessiondata.client")
public class SessionDataClientProperties {

    /** Where the session-data service is, such as http://sessions.internal:8080. */
    private @Nullable URI baseUri;

    /** The bearer token this application was given in the service's sessiondata.security.clients. */
    private @Nullable String token;

    /**
     * Packages (with their sub-packages) whose classes session attributes may hold, besides the JDK's value and
     * collection types; anything else is refused at setAttribute.
     */
    private List<String> allowPackages = new ArrayList<>();

    /** Single classes, by binary name, that session attributes may hold besides the allowed packages. */
    private List<String> allowClasses = new ArrayList<>();

    /**
     * Classes, by binary name, this application writes into sessions; with a serializer that exchanges schemas
     * (fory-shared, one-nio), their schemas are uploaded at the client's handshake, the rest when first written.
     */
    private List<String> registerClasses = new ArrayList<>();

    /** The serializer ids this application may use, in its order of preference; empty means every one available. */
    private List<String> serializers = new ArrayList<>();

    /** How long to wait for each answer of the service. */
    private Duration timeout = Duration.ofSeconds(10);

    /** How long to wait for a connection to the service. */
    private Duration connectTimeout = Duration.ofSeconds(5);

    /** The largest session the client reads. */
    private DataSize maxSessionSize = DataSize.ofMegabytes(16);

    /** Whether to exchange schemas (class descriptors) with the service for the serializers that need it. */
    private boolean schemaExchange = true;

    /**
     * How often at most a client that published schemas checks, before a write, that the service still holds them,
     * and publishes them again if the service lost them (a memory store restarted, Redis flushed or failed over).
     */
    private Duration schemaCheckInterval = Duration.ofSeconds(30);

    /**
     * How many times a save whose session changed meanwhile is re-read and re-applied before it fails with a
     * ConflictException.
     */
    private int updateAttempts = 32;

    /**
     * Whether a session read whose answer carries no sha-256 Repr-Digest is refused (MissingDigestException) rather
     * than read unchecked. The digest detects corruption at rest, not tampering; requiring it also refuses a session
     * whose digest was removed where it is stored, and sessions stored before the service kept digests.
     */
    private boolean requireReprDigest;

    /**
     * Whether the application fails to start without the service: the client's handshake (active serializer,
     * schema upload of the registered classes) then runs while the context starts. By default it runs once the
     * application is ready, and a failure only warns: the first request that needs a session tries again.
     */
    private boolean connectOnStartup;

    private final Session session = new Session();

    private final NearCache nearCache = new NearCache();

    private final Events events = new Events();

    /**
     * Spring Session's SessionCreatedEvent, SessionDeletedEvent and SessionExpiredEvent, published through the
     * application's ApplicationEventPublisher from the service's change feed, each by one instance of the
     * application.
     */
    public static class Events {

        /**
         * Whether this application publishes session events. Each instance then holds one more change feed stream
         * (it counts against the service's sessiondata.changes.max-subscribers-per-client), and the service claims
         * each session's creation, deletion and expiry for the application's group in its store.
         */
        private boolean enabled;

        /**
         * The application's group: each event is published by one of the instances that name the same group.
         * Default spring.application.name; one of the two must be set when events are enabled.
         */
        private @Nullable String group;

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public @Nullable String getGroup() {
            return group;
        }

        public void setGroup(@Nullable String group) {
            this.group = group;
        }
    }

    /**
     * The client's near cache of sessions, kept true by the service's change feed: a read of a cached session costs
     * no request to the service.
     */
    public static class NearCache {

        /**
         * Whether the client keeps a near cache. A cached entry is served only while the change feed is connected and
         * heard from within twice its heartbeat, so a session deleted through any application is served from this
         * cache at most that long after the feed went silent (2 s with the service's default heartbeat).
         */
        private boolean enabled = true;

        /** The most the near cache holds, counted as the sessions' serialized bytes. */
        private DataSize maxBytes = DataSize.ofMegabytes(64);

        /**
         * How often at most a session read from the near cache has its expiry moved by a touch sent in the
         * background.
         */
        private Duration touchResolution = Duration.ofSeconds(5);

        /**
         * Whether each response carries the version of the user's session in the SESSION_VERSION cookie, which the
         * next request reads at least, so that a near cache holding another version (in this application or another
         * on the same host) reads from the service. Independent of enabled: an application without a near cache
         * still hands the version on to those that have one.
         */
        private boolean versionCookie = true;

        public boolean isVersionCookie() {
            return versionCookie;
        }

        public void setVersionCookie(boolean versionCookie) {
            this.versionCookie = versionCookie;
        }

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public DataSize getMaxBytes() {
            return maxBytes;
        }

        public void setMaxBytes(DataSize maxBytes) {
            this.maxBytes = maxBytes;
        }

        public Duration getTouchResolution() {
            return touchResolution;
        }

        public void setTouchResolution(Duration touchResolution) {
            this.touchResolution = touchResolution;
        }
    }

    /** How Spring Session's sessions are kept in the service. */
    public static class Session {

        /** Which attributes a save writes: those set (ON_SET_ATTRIBUTE), also those read, or all of them. */
        private SaveMode saveMode = SaveMode.ON_SET_ATTRIBUTE;

        /** When changes are written: at the end of the request (ON_SAVE) or at once (IMMEDIATE). */
        private FlushMode flushMode = FlushMode.ON_SAVE;

        /**
         * Whether a request that changed nothing touches its session; needed only with a service whose
         * sessiondata.session.sliding-expiration is false, since the read already moves the expiry otherwise.
         */
        private boolean touchOnRead;

        /**
         * Whether a WebFlux application's session cookie carries the id in Base64, as a servlet application's Spring
         * Session cookie does by default, so that the two share their users' sessions; false leaves WebFlux's own
         * cookie (the id as it is).
         */
        private boolean reactiveCookieBase64 = true;

        public boolean isReactiveCookieBase64() {
            return reactiveCookieBase64;
        }

        public void setReactiveCookieBase64(boolean reactiveCookieBase64) {
            this.reactiveCookieBase64 = reactiveCookieBase64;
        }

        public SaveMode getSaveMode() {
            return saveMode;
        }

        public void setSaveMode(SaveMode saveMode) {
            this.saveMode = saveMode;
        }

        public FlushMode getFlushMode() {
            return flushMode;
        }

        public void setFlushMode(FlushMode flushMode) {
            this.flushMode = flushMode;
        }

        public boolean isTouchOnRead() {
            return touchOnRead;
        }

        public void setTouchOnRead(boolean touchOnRead) {
            this.touchOnRead = touchOnRead;
        }
    }

    public @Nullable URI getBaseUri() {
        return baseUri;
    }

    public void setBaseUri(@Nullable URI baseUri) {
        this.baseUri = baseUri;
    }

    public @Nullable String getToken() {
        return token;
    }

    public void setToken(@Nullable String token) {
        this.token = token;
    }

    public List<String> getAllowPackages() {
        return allowPackages;
    }

    public void setAllowPackages(List<String> allowPackages) {
        this.allowPackages = allowPackages;
    }

    public List<String> getAllowClasses() {
        return allowClasses;
    }

    public void setAllowClasses(List<String> allowClasses) {
        this.allowClasses = allowClasses;
    }

    public List<String> getRegisterClasses() {
        return registerClasses;
    }

    public void setRegisterClasses(List<String> registerClasses) {
        this.registerClasses = registerClasses;
    }

    public List<String> getSerializers() {
        return serializers;
    }

    public void setSerializers(List<String> serializers) {
        this.serializers = serializers;
    }

    public Duration getTimeout() {
        return timeout;
    }

    public void setTimeout(Duration timeout) {
        this.timeout = timeout;
    }

    public Duration getConnectTimeout() {
        return connectTimeout;
    }

    public void setConnectTimeout(Duration connectTimeout) {
        this.connectTimeout = connectTimeout;
    }

    public DataSize getMaxSessionSize() {
        return maxSessionSize;
    }

    public void setMaxSessionSize(DataSize maxSessionSize) {
        this.maxSessionSize = maxSessionSize;
    }

    public boolean isSchemaExchange() {
        return schemaExchange;
    }

    public void setSchemaExchange(boolean schemaExchange) {
        this.schemaExchange = schemaExchange;
    }

    public Duration getSchemaCheckInterval() {
        return schemaCheckInterval;
    }

    public void setSchemaCheckInterval(Duration schemaCheckInterval) {
        this.schemaCheckInterval = schemaCheckInterval;
    }

    public int getUpdateAttempts() {
        return updateAttempts;
    }

    public void setUpdateAttempts(int updateAttempts) {
        this.updateAttempts = updateAttempts;
    }

    public boolean isRequireReprDigest() {
        return requireReprDigest;
    }

    public void setRequireReprDigest(boolean requireReprDigest) {
        this.requireReprDigest = requireReprDigest;
    }

    public boolean isConnectOnStartup() {
        return connectOnStartup;
    }

    public void setConnectOnStartup(boolean connectOnStartup) {
        this.connectOnStartup = connectOnStartup;
    }

    public Session getSession() {
        return session;
    }

    public Events getEvents() {
        return events;
    }

    public NearCache getNearCache() {
        return nearCache;
    }
}
