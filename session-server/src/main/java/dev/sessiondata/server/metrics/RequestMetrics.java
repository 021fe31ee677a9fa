package dev.sessiondata.server.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.http.Outcome;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.springframework.core.Ordered;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.reactive.HandlerMapping;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import org.springframework.web.util.pattern.PathPattern;
import reactor.core.publisher.Mono;

/**
 * {@code http.server.requests}: the time of every request to its response's commit, tagged as Spring Boot tags it
 * ({@code method}, {@code uri} as the route's pattern, {@code status}, {@code outcome}, {@code exception}), so that
 * the dashboards read the same series. Recorded here, with one timer per tag combination built the first time it
 * is seen and looked up after, instead of Spring's per-request observation (a context, a convention evaluating
 * every key value, high-cardinality ones included, and the handler chain around them): that observation was a
 * tenth of every request's samples. {@code exception} is {@code none}: a failure is told by its status, as every
 * error of this server is a problem document.
 */
public final class RequestMetrics implements WebFilter, Ordered {

    static final String NAME = "http.server.requests";

    private final MeterRegistry registry;
    private final Map<Key, Timer> timers = new ConcurrentHashMap<>();

    private record Key(String method, String uri, int status) {
    }

    public RequestMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    /** First: the time includes every other filter. */
    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        long start = System.nanoTime();
        exchange.getResponse().beforeCommit(() -> {
            record(exchange, System.nanoTime() - start);
            return Mono.empty();
        });
        return chain.filter(exchange);
    }

    private void record(ServerWebExchange exchange, long nanos) {
        ServerHttpResponse response = exchange.getResponse();
        HttpStatusCode code = response.getStatusCode();
        int status = code == null ? 200 : code.value();
        timer(exchange.getRequest().getMethod().name(), uri(exchange, status), status)
                .record(nanos, TimeUnit.NANOSECONDS);
    }

    /**
     * The timer of requests answered outside WebFlux (the session read route), tagged as this filter tags them;
     * registered when first asked for. A caller that answers many keeps it rather than asking per request.
     */
    public Timer timer(String method, String uri, int status) {
        Key key = new Key(method, uri, status);
        Timer timer = timers.get(key);
        if (timer == null) {
            timer = timers.computeIfAbsent(key, this::timer);
        }
        return timer;
    }

    private Timer timer(Key key) {
        return Timer.builder(NAME)
                .description("HTTP server requests")
                .tags("method", key.method(), "uri", key.uri(), "status", String.valueOf(key.status()),
                        "outcome", Outcome.forStatus(key.status()).name(), "exception", "none")
                .register(registry);
    }

    /** The route's pattern; for a request no route took, what Spring Boot's tags say. */
    private static String uri(ServerWebExchange exchange, int status) {
        Object pattern = exchange.getAttribute(RouterFunctions.MATCHING_PATTERN_ATTRIBUTE);
        if (pattern == null) {
            pattern = exchange.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE);
        }
        if (pattern instanceof PathPattern path) {
            return path.getPatternString();
        }
        if (status == 404) {
            return "NOT_FOUND";
        }
        return status >= 300 && status < 400 ? "REDIRECTION" : "UNKNOWN";
    }
}
