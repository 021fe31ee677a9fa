package dev.sessiondata.client;

import dev.sessiondata.client.internal.Authentication;
import dev.sessiondata.client.internal.ContentDigests;
import dev.sessiondata.client.internal.Exchange;
import dev.sessiondata.client.internal.Handshake;
import dev.sessiondata.client.internal.HttpClientExchange;
import dev.sessiondata.client.internal.RequestMetrics;
import dev.sessiondata.client.internal.SchemaExchanges;
import dev.sessiondata.client.internal.SerializerAnnouncements;
import dev.sessiondata.client.internal.SerializerChoice;
import dev.sessiondata.client.internal.SerializerSet;
import dev.sessiondata.client.internal.SessionCodec;
import dev.sessiondata.client.internal.Transport;
import dev.sessiondata.client.internal.UnsupportedSerializerRetry;
import dev.sessiondata.client.internal.UpdatePolicy;
import dev.sessiondata.client.internal.UrlConnectionExchange;
import dev.sessiondata.client.internal.metrics.ClientMetrics;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializers;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Configures and builds a {@link SessionClient}; not thread-safe. Only {@link #baseUri} and {@link #token} are
 * required. {@link #build()} checks the configuration and does no I/O: the client performs its handshake with the
 * service on its first call, or in {@link SessionClient#connect()}, so an application starts while the service is
 * away.
 */
public final class SessionClientBuilder {

    static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(5);
    static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(10);
    static final Duration DEFAULT_SCHEMA_CHECK_INTERVAL = Duration.ofSeconds(30);

    private @Nullable URI baseUri;
    private @Nullable String token;
    private SerializerSettings settings = SerializerSettings.defaults();
    private final Set<Class<?>> registeredClasses = new LinkedHashSet<>();
    private @Nullable Set<String> enabledSerializers;
    private @Nullable Object meterRegistry;
    private @Nullable HttpClient httpClient;
    private @Nullable Duration connectTimeout;
    private Duration requestTimeout = DEFAULT_REQUEST_TIMEOUT;
    private boolean schemaExchange = true;
    private Duration schemaCheckInterval = DEFAULT_SCHEMA_CHECK_INTERVAL;
    private UpdatePolicy updatePolicy = UpdatePolicy.DEFAULT;

    SessionClientBuilder() {
    }

    /** A builder with the same configuration, which the two then change apart. */
    SessionClientBuilder copy() {
        SessionClientBuilder copy = new SessionClientBuilder();
        copy.baseUri = baseUri;
        copy.token = token;
        copy.settings = settings;
        copy.registeredClasses.addAll(registeredClasses);
        copy.enabledSerializers = enabledSerializers == null ? null : new LinkedHashSet<>(enabledSerializers);
        copy.meterRegistry = meterRegistry;
        copy.httpClient = httpClient;
        copy.connectTimeout = connectTimeout;
        copy.requestTimeout = requestTimeout;
        copy.schemaExchange = schemaExchange;
        copy.schemaCheckInterval = schemaCheckInterval;
        copy.updatePolicy = updatePolicy;
        return copy;
    }

    /** Where the service is, such as {@code http://sessions.internal:8080}; the API paths are appended to it. */
    public SessionClientBuilder baseUri(URI baseUri) {
        this.baseUri = Objects.requireNonNull(baseUri, "baseUri");
        return this;
    }

    /** The bearer token this application was given in {@code sessiondata.security.clients}. */
    public SessionClientBuilder token(String token) {
        this.token = Objects.requireNonNull(token, "token");
        return this;
    }

    /** The allow-list and limits of every serializer; by default only the built-in JDK types are allowed. */
    public SessionClientBuilder serializerSettings(SerializerSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
        return this;
    }

    /**
     * The classes this application writes. They must be allowed by the {@link #serializerSettings settings}; with a
     * serializer that exchanges schemas ({@code fory-shared}, One Nio's compact mode), their schemas, and those of
     * every class reachable from them, are uploaded on the first use of that serializer.
     */
    public SessionClientBuilder registerClasses(Class<?>... classes) {
        for (Class<?> type : classes) {
            registeredClasses.add(Objects.requireNonNull(type, "classes contains null"));
        }
        return this;
    }

    /**
     * The serializers this client may use, in its order of preference; by default every one whose library is on
     * the class path and that this JVM lets run, in {@link SessionSerializers#available()}'s order. A stored session written with any other is
     * refused with a {@link SerializerNotEnabledException}. When the service's active serializer is not among them,
     * the client writes with the one it wrote with so far if the service still accepts it, else with the first of
     * these the service accepts. Each must be able to write every registered class, or {@link #build()} fails.
     */
    public SessionClientBuilder enabledSerializers(String... ids) {
        Set<String> enabled = new LinkedHashSet<>();
        for (String id : ids) {
            enabled.add(Objects.requireNonNull(id, "ids contains null"));
        }
        this.enabledSerializers = enabled;
        return this;
    }

    /** Where the client's meters go ({@code sessiondata.client.*}); without one it measures nothing. */
    public SessionClientBuilder meterRegistry(MeterRegistry meterRegistry) {
        this.meterRegistry = Objects.requireNonNull(meterRegistry, "meterRegistry");
        return this;
    }

    /**
     * The HTTP client to send with, for a proxy, TLS or an executor of the application's. Without one the client
     * sends through the JDK's {@link java.net.HttpURLConnection} to an {@code http} service (the cheapest JDK
     * transport per request: the answer is read on the caller's thread) and through a JDK {@link HttpClient} of its
     * own, with HTTP/2, to an {@code https} one, which {@link SessionClient#close()} closes. One given here stays
     * the application's: closing the client leaves it open.
     */
    public SessionClientBuilder httpClient(HttpClient httpClient) {
        this.httpClient = Objects.requireNonNull(httpClient, "httpClient");
        return this;
    }

    /** How long to wait for a connection (default 5 s); for the client's own transport only. */
    public SessionClientBuilder connectTimeout(Duration connectTimeout) {
        this.connectTimeout = positive("connectTimeout", connectTimeout);
        return this;
    }

    /** How long to wait for each answer (default 10 s); a timeout is a {@link SessionTransportException}. */
    public SessionClientBuilder requestTimeout(Duration requestTimeout) {
        this.requestTimeout = positive("requestTimeout", requestTimeout);
        return this;
    }

    /**
     * Whether to exchange schemas (class descriptors) with the service for the serializers that need it (default
     * true). Without the exchange, an application reads such payloads only of class versions identical to its own.
     */
    public SessionClientBuilder schemaExchange(boolean enabled) {
        this.schemaExchange = enabled;
        return this;
    }

    /**
     * How often at most a client that published schemas checks, before a write, that the service still holds them
     * (default 30 s): one request for one of its schemas, and when the service lost them (a memory store restarted,
     * Redis flushed or failed over), one upload of them all. Sessions written between the loss and the check are
     * readable again once they are published.
     */
    public SessionClientBuilder schemaCheckInterval(Duration interval) {
        Objects.requireNonNull(interval, "interval");
        if (interval.isNegative()) {
            throw new IllegalArgumentException("schemaCheckInterval must not be negative, was " + interval);
        }
        this.schemaCheckInterval = interval;
        return this;
    }

    /** How many times {@link SessionClient#update} tries before it gives up with a {@link ConflictException} (32). */
    public SessionClientBuilder updateAttempts(int attempts) {
        this.updatePolicy = new UpdatePolicy(attempts, updatePolicy.initialBackoff(), updatePolicy.maxBackoff());
        return this;
    }

    /** The ceiling of the first pause after a conflict in an update, and the most it doubles to (5 ms, 500 ms). */
    public SessionClientBuilder updateBackoff(Duration initial, Duration max) {
        this.updatePolicy = new UpdatePolicy(updatePolicy.attempts(), Objects.requireNonNull(initial, "initial"),
                Objects.requireNonNull(max, "max"));
        return this;
    }

    /**
     * Checks the configuration and makes the client, without any I/O (see {@link SessionClient#connect()}) and
     * without making a serializer: each is made on its first use.
     *
     * @throws IllegalStateException if the base URI or token is missing
     * @throws IllegalArgumentException if an option is invalid
     * @throws UnwritableClassException if a registered class cannot be written by a serializer chosen with
     *     {@link #enabledSerializers(String...)} (or, without that choice, by any available one), as far as its
     *     provider tells without making it ({@link UnwritableClassException} says when else it is thrown)
     */
    public SessionClient build() {
        URI uri = validBaseUri();
        if (token == null || token.isBlank()) {
            throw new IllegalStateException("token is required: the service answers 401 without one");
        }
        if (httpClient != null && connectTimeout != null) {
            throw new IllegalArgumentException("connectTimeout applies to the client's own HTTP client; set it on "
                    + "the HttpClient given to httpClient(...) instead");
        }
        SerializerSettings effective = settings.toBuilder()
                .registerClasses(registeredClasses.toArray(Class<?>[]::new)).build();
        for (Class<?> type : effective.registeredClasses()) {
            if (!effective.allowList().isAllowed(type)) {
                throw new IllegalArgumentException("registered class " + type.getName() + " is not allowed by the "
                        + "serializer settings, so this client could not read what it writes; allow its package");
            }
        }
        ClientMetrics metrics = meterRegistry == null ? ClientMetrics.NONE : ClientMetrics.micrometer(meterRegistry);
        SerializerSet serializers = SerializerSet.make(enabledSerializers(), enabledSerializers != null, effective,
                metrics);
        SerializerChoice choice = new SerializerChoice(serializers, uri);
        Exchange exchange = exchange(uri);
        Transport transport = new Transport(List.of(new UnsupportedSerializerRetry(choice),
                new SerializerAnnouncements(choice), new Authentication(token), new ContentDigests(),
                new RequestMetrics(metrics)), exchange, () -> nonBlockingExchange(exchange, uri), uri, requestTimeout);
        SchemaExchanges schemas = new SchemaExchanges(serializers, transport, schemaExchange,
                effective.registeredClasses(), schemaCheckInterval, uri);
        return new SessionClient(copy(), transport, new Handshake(transport, choice, schemas, uri),
                new SessionCodec(serializers, schemas, choice, metrics), updatePolicy, effective.maxPayloadBytes());
    }

    private URI validBaseUri() {
        if (baseUri == null) {
            throw new IllegalStateException("baseUri is required");
        }
        String scheme = baseUri.getScheme();
        if (!"http".equalsIgnoreCase(scheme) && !"https".equalsIgnoreCase(scheme) || baseUri.getHost() == null
                || baseUri.getRawQuery() != null || baseUri.getRawFragment() != null) {
            throw new IllegalArgumentException("baseUri must be an http or https URI with a host and without query "
                    + "or fragment, was " + baseUri);
        }
        return baseUri;
    }

    private List<String> enabledSerializers() {
        List<String> available = SessionSerializers.available();
        if (enabledSerializers == null) {
            return available;
        }
        if (enabledSerializers.isEmpty()) {
            throw new IllegalArgumentException("enabledSerializers needs at least one id; available: " + available);
        }
        for (String id : enabledSerializers) {
            if (!available.contains(id)) {
                throw new IllegalArgumentException("serializer '" + id + "' is not available (" + (SessionSerializers
                        .isInstalled(id) ? "this JVM denies what it needs: SessionSerializers.create says what"
                        : "unknown, or its library is not on the class path") + "); available: " + available);
            }
        }
        return List.copyOf(enabledSerializers);
    }

    private Exchange exchange(URI uri) {
        if (httpClient != null) {
            return new HttpClientExchange(httpClient, false);
        }
        Duration connect = connectTimeout != null ? connectTimeout : DEFAULT_CONNECT_TIMEOUT;
        if ("http".equalsIgnoreCase(uri.getScheme())) {
            return new UrlConnectionExchange(connect);
        }
        return new HttpClientExchange(HttpClient.newBuilder()
                .executor(Transport.CALLER_RUNS)
                .connectTimeout(connect)
                .version(HttpClient.Version.HTTP_2)
                .build(), true);
    }

    /**
     * The exchange of {@link SessionClient#async()}: the application's {@code HttpClient}, else one of the client's
     * own, made on the first non-blocking call, whose default executor runs what follows each answer (a caller-runs
     * one would run it on the selector thread, where a blocking step of the schema exchange could wait for itself).
     */
    private HttpClientExchange nonBlockingExchange(Exchange exchange, URI uri) {
        if (exchange instanceof HttpClientExchange given && httpClient != null) {
            return given;
        }
        return new HttpClientExchange(HttpClient.newBuilder()
                .connectTimeout(connectTimeout != null ? connectTimeout : DEFAULT_CONNECT_TIMEOUT)
                .version("https".equalsIgnoreCase(uri.getScheme()) ? HttpClient.Version.HTTP_2
                        : HttpClient.Version.HTTP_1_1)
                .build(), true);
    }

    private static Duration positive(String name, Duration value) {
        Objects.requireNonNull(value, name);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, was " + value);
        }
        return value;
    }
}
