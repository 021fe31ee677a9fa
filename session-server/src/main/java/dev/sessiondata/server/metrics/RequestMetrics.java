package dev.sessiondata.server.metrics;

import dev.sessiondata.server.http.ApiRequest;
import dev.sessiondata.server.http.Link;
import dev.sessiondata.server.http.Reply;
import dev.sessiondata.server.http.RouteTable;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.http.Outcome;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.jspecify.annotations.Nullable;
import org.springframework.core.Ordered;
import org.springframework.http.HttpStatusCode;
import org.springframework.web.reactive.HandlerMapping;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import org.springframework.web.util.pattern.PathPattern;
import reactor.core.publisher.Mono;

/**
 * {@code http.server.requests}: the time of every request until its reply is made, tagged as Spring Boot tags it
 * ({@code method}, {@code uri} as the route's pattern, {@code status}, {@code outcome}, {@code exception}), so that
 * the dashboards read the same series. The outermost link of the pipeline, so that the time includes every other one.
 * A route's timers are kept in an array per route, indexed by status, and built the first time each is needed; only
 * requests no route takes look theirs up by key. {@code exception} is {@code none}: a failure is told by its status,
 * as every error of this server is a problem document.
 *
 * <p>The actuator's requests, which WebFlux answers, are timed alike through {@link #webFlux()}.
 */
public final class RequestMetrics implements Link {

    static final String NAME = "http.server.requests";

    private final MeterRegistry registry;
    /** Per route of the table (by {@link RouteTable.Route#index()}), its timers by status. */
    private final List<AtomicReferenceArray<Timer>> routeTimers;
    private final Map<Key, Timer> otherTimers = new ConcurrentHashMap<>();

    private record Key(String method, String uri, int status) {
    }

    public RequestMetrics(MeterRegistry registry, RouteTable table) {
        this.registry = registry;
        this.routeTimers = table.routes().stream().map(route -> new AtomicReferenceArray<Timer>(600)).toList();
    }

    @Override
    public Reply leave(ApiRequest request, Reply reply) {
        timer(request, reply.status()).record(System.nanoTime() - request.startNanos(), TimeUnit.NANOSECONDS);
        return reply;
    }

    private Timer timer(ApiRequest request, int status) {
        RouteTable.Route route = request.route();
        if (route == null || status < 100 || status >= 600) {
            String pattern = request.pattern();
            return timer(request.method(), pattern != null ? pattern : uriOfNoRoute(status), status);
        }
        AtomicReferenceArray<Timer> timers = routeTimers.get(route.index());
        Timer timer = timers.get(status);
        if (timer == null) {
            timer = timer(route.method(), route.pattern(), status);
            timers.set(status, timer);
        }
        return timer;
    }

    /** What Spring Boot's tags say for a request no route took. */
    private static String uriOfNoRoute(int status) {
        if (status == 404) {
            return "NOT_FOUND";
        }
        return status >= 300 && status < 400 ? "REDIRECTION" : "UNKNOWN";
    }

    private Timer timer(String method, String uri, int status) {
        return otherTimers.computeIfAbsent(new Key(method, uri, status), key -> Timer.builder(NAME)
                .description("HTTP server requests")
                .tags("method", key.method(), "uri", key.uri(), "status", String.valueOf(key.status()),
                        "outcome", Outcome.forStatus(key.status()).name(), "exception", "none")
                .register(registry));
    }

    /** The same timers for the requests WebFlux answers (the actuator's). */
    public WebFilter webFlux() {
        return new WebFluxTimer();
    }

    private final class WebFluxTimer implements WebFilter, Ordered {

        @Override
        public int getOrder() {
            return Ordered.HIGHEST_PRECEDENCE;
        }

        @Override
        public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
            long start = System.nanoTime();
            exchange.getResponse().beforeCommit(() -> {
                HttpStatusCode code = exchange.getResponse().getStatusCode();
                int status = code == null ? 200 : code.value();
                Object pattern = exchange.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE);
                timer(exchange.getRequest().getMethod().name(), uri(pattern, status), status)
                        .record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
                return Mono.empty();
            });
            return chain.filter(exchange);
        }

        private static String uri(@Nullable Object pattern, int status) {
            return pattern instanceof PathPattern path ? path.getPatternString() : uriOfNoRoute(status);
        }
    }
}
