package dev.sessiondata.server.http;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.store.IndexValueFullException;
import dev.sessiondata.server.store.StoreFullException;
import dev.sessiondata.server.store.StoreOutcomeUnknownException;
import dev.sessiondata.server.store.StoreUnavailableException;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.util.AsciiString;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebExceptionHandler;
import org.springframework.web.util.DisconnectedClientHelper;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one writer of RFC 9457 problem documents, with a stable {@code type} per failure: the API's own refusals
 * ({@link ApiProblemException}), an unreachable store ({@code 503} with {@code Retry-After}), a store call whose outcome
 * is unknown ({@code 504}: it may have been applied), a full store ({@code 507}) and anything unexpected
 * ({@code 500}, logged once here with its cause), an index value listing the most sessions it may ({@code 409}). Each one is counted as a rejected request.
 *
 * <p>As a {@link Link} it turns every failure of the links inside it into its problem reply ({@link #fail}). The requests the
 * pipeline does not take (the actuator's) get theirs through {@link #webFlux()}, and the ones Netty cannot parse
 * through {@link DecodingFailureProblems}; both render with {@link #document}.
 */
public final class ProblemDocuments implements Link {

    private static final Logger LOG = LoggerFactory.getLogger(ProblemDocuments.class);
    private static final AsciiString PROBLEM = AsciiString.cached(SessionApi.PROBLEM_MEDIA_TYPE);

    private final JsonMapper json;
    private final Consumer<ProblemType> rejected;
    private final int retryAfterSeconds;

    /**
     * @param rejected          told of every problem answered
     * @param retryAfterSeconds what an overloaded server's {@code Retry-After} says
     */
    public ProblemDocuments(JsonMapper json, Consumer<ProblemType> rejected, int retryAfterSeconds) {
        this.json = json;
        this.rejected = rejected;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    @Override
    public Reply fail(ApiRequest request, Throwable failure) {
        return reply(failure, request.method(), request.path());
    }

    /** The problem reply to {@code thrown}, a request for {@code path}. */
    Reply reply(Throwable thrown, String method, @Nullable String path) {
        Answer answer = answer(thrown, method, path);
        rejected.accept(answer.type());
        byte[] body = document(answer.type(), answer.detail(), path, answer.properties());
        Reply.Builder reply = Reply.status(answer.type().status())
                .header(NettyHeaders.CONTENT_TYPE, PROBLEM);
        answer.headers().forEach(reply::header);
        return reply.body(body);
    }

    /** A problem document: the members RFC 9457 lists, in its order, then the extensions. */
    public byte[] document(ProblemType type, @Nullable String detail, @Nullable String instance,
            Map<String, Object> properties) {
        Map<String, Object> problem = new LinkedHashMap<>();
        problem.put("type", type.uri().toString());
        problem.put("title", type.title());
        problem.put("status", type.status());
        if (detail != null) {
            problem.put("detail", detail);
        }
        if (instance != null) {
            problem.put("instance", instance);
        }
        properties.forEach(problem::putIfAbsent);
        return json.writeValueAsBytes(problem);
    }

    /** What a failure is answered with, the headers included. */
    private record Answer(ProblemType type, @Nullable String detail, Map<String, Object> properties,
            Map<String, String> headers) {
    }

    private Answer answer(Throwable thrown, String method, @Nullable String path) {
        Throwable failure = thrown instanceof CompletionException && thrown.getCause() != null ? thrown.getCause() : thrown;
        if (failure instanceof ApiProblemException refused) {
            Map<String, String> headers = refused.headers();
            if (refused.type() == ProblemType.UNAUTHORIZED) {
                headers = Map.of("WWW-Authenticate", "Bearer realm=\"sessiondata\"");
            } else if (refused.type().status() == 503) {
                headers = Map.of("Retry-After", String.valueOf(retryAfterSeconds));
            }
            return new Answer(refused.type(), refused.getMessage(), refused.properties(), headers);
        }
        if (failure instanceof IndexValueFullException full) {
            return new Answer(ProblemType.INDEX_VALUE_FULL, "The write would list its session under an index "
                    + "value that lists the most sessions already; nothing was written. Delete one of them first.",
                    Map.of("index", full.index()), Map.of());
        }
        if (failure instanceof StoreOutcomeUnknownException unknown) {
            // no Retry-After: a blind retry of a write that may have been applied can apply it twice
            LOG.warn("Session store outcome unknown for {} {}: {}", method, path, unknown.toString());
            return new Answer(ProblemType.STORE_OUTCOME_UNKNOWN, "The session store did not answer in time; the "
                    + "request may have been applied. Read before retrying a write.", Map.of(), Map.of());
        }
        if (failure instanceof StoreUnavailableException unavailable) {
            LOG.warn("Session store unavailable for {} {}: {}", method, path, unavailable.toString());
            return new Answer(ProblemType.STORE_UNAVAILABLE, "The session store cannot be reached; retry later.",
                    Map.of(), Map.of("Retry-After", "1"));
        }
        if (failure instanceof StoreFullException full) {
            // full is not away: no Retry-After, since retrying soon only adds load to a store refusing writes
            LOG.warn("Session store full for {} {}: {}", method, path, full.getMessage());
            return new Answer(ProblemType.STORE_FULL, "The session store is out of memory and refuses writes; "
                    + "nothing was written.", Map.of(), Map.of());
        }
        LOG.error("Unexpected failure of {} {}", method, path, failure);
        return new Answer(ProblemType.INTERNAL_ERROR, "The server failed; the failure is logged.", Map.of(), Map.of());
    }

    /**
     * The problem documents of the requests WebFlux answers (the actuator's): its refusals (an endpoint not exposed,
     * a method it does not have) and failures. Before Spring Boot's error handler, so no error page is ever written.
     */
    public WebExceptionHandler webFlux() {
        return new WebFluxProblems();
    }

    private final class WebFluxProblems implements WebExceptionHandler, Ordered {

        private static final MediaType PROBLEM_TYPE = MediaType.parseMediaType(SessionApi.PROBLEM_MEDIA_TYPE);

        /** Before Spring Boot's {@code DefaultErrorWebExceptionHandler} ({@code -1}). */
        @Override
        public int getOrder() {
            return -2;
        }

        @Override
        public Mono<Void> handle(ServerWebExchange exchange, Throwable thrown) {
            ServerHttpResponse response = exchange.getResponse();
            if (response.isCommitted() || DisconnectedClientHelper.isClientDisconnectedException(thrown)) {
                return Mono.error(thrown);
            }
            String path = exchange.getRequest().getPath().value();
            Reply reply = thrown instanceof ResponseStatusException status
                    ? statusReply(status, path)
                    : reply(thrown, exchange.getRequest().getMethod().name(), path);
            response.setStatusCode(HttpStatusCode.valueOf(reply.status()));
            reply.headers().forEach(header -> response.getHeaders().set(header.getKey(), header.getValue()));
            response.getHeaders().setContentType(PROBLEM_TYPE);
            byte[] body = reply.body();
            response.getHeaders().setContentLength(body == null ? 0 : body.length);
            return response.writeWith(Mono.just(response.bufferFactory().wrap(body == null ? new byte[0] : body)));
        }

        private Reply statusReply(ResponseStatusException status, String path) {
            ProblemType type = switch (status.getStatusCode().value()) {
                case 404 -> ProblemType.NOT_FOUND;
                case 405 -> ProblemType.METHOD_NOT_ALLOWED;
                case 406 -> ProblemType.NOT_ACCEPTABLE;
                case 415 -> ProblemType.UNSUPPORTED_MEDIA_TYPE;
                case 503 -> ProblemType.STORE_UNAVAILABLE;
                default -> status.getStatusCode().is4xxClientError() ? ProblemType.INVALID_REQUEST : ProblemType.INTERNAL_ERROR;
            };
            rejected.accept(type);
            Reply.Builder reply = Reply.status(type.status());
            status.getHeaders().forEach((name, values) -> reply.header(name, String.join(", ", values)));
            return reply.body(document(type, status.getReason(), path, Map.of()));
        }
    }
}
