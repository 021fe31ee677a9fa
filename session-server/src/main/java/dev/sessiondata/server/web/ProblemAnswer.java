package dev.sessiondata.server.web;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.server.store.IndexValueFullException;
import dev.sessiondata.server.store.StoreFullException;
import dev.sessiondata.server.store.StoreOutcomeUnknownException;
import dev.sessiondata.server.store.StoreUnavailableException;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import tools.jackson.databind.json.JsonMapper;

/**
 * The problem document a failure of the API's own is answered with, and the headers that go with it, whoever
 * writes the answer: the {@link ProblemHandler} of WebFlux or the {@link SessionWriteRoute}, so that both answer
 * a failure alike.
 *
 * @param headers extra response headers, such as {@code Retry-After}
 */
record ProblemAnswer(ProblemType type, @Nullable String detail, Map<String, Object> properties,
        Map<String, String> headers) {

    /** Logged under the problem handler's name, where an operator looks for the server's failures. */
    private static final Logger LOG = LoggerFactory.getLogger(ProblemHandler.class);

    /**
     * The answer to a refusal, a store that cannot be reached (logged), a full store (logged) or anything else
     * (a 500 that tells nothing of its cause, logged with it); {@code method} and {@code path} are for the log.
     */
    static ProblemAnswer of(Throwable thrown, String method, String path, int retryAfterSeconds) {
        Throwable failure = thrown instanceof CompletionException && thrown.getCause() != null ? thrown.getCause() : thrown;
        if (failure instanceof ApiProblemException refused) {
            Map<String, String> headers = Map.of();
            if (refused.type() == ProblemType.UNAUTHORIZED) {
                headers = Map.of(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"sessiondata\"");
            } else if (refused.type().status() == HttpStatus.SERVICE_UNAVAILABLE.value()) {
                headers = Map.of(HttpHeaders.RETRY_AFTER, String.valueOf(retryAfterSeconds));
            }
            return new ProblemAnswer(refused.type(), refused.getMessage(), refused.properties(), headers);
        }
        if (failure instanceof IndexValueFullException full) {
            return new ProblemAnswer(ProblemType.INDEX_VALUE_FULL, "The write would list its session under an index "
                    + "value that lists the most sessions already; nothing was written. Delete one of them first.",
                    Map.of("index", full.index()), Map.of());
        }
        if (failure instanceof StoreOutcomeUnknownException unknown) {
            // no Retry-After: a blind retry may find the first attempt applied; the client reads before it retries
            LOG.warn("Session store outcome unknown for {} {}: {}", method, path, unknown.toString());
            return new ProblemAnswer(ProblemType.STORE_OUTCOME_UNKNOWN, "The session store did not answer in time; "
                    + "the operation may have been applied. Read the session before retrying.", Map.of(), Map.of());
        }
        if (failure instanceof StoreUnavailableException unavailable) {
            LOG.warn("Session store unavailable for {} {}: {}", method, path, unavailable.toString());
            return new ProblemAnswer(ProblemType.STORE_UNAVAILABLE, "The session store cannot be reached; retry later.",
                    Map.of(), Map.of(HttpHeaders.RETRY_AFTER, "1"));
        }
        if (failure instanceof StoreFullException full) {
            // full is not away: no Retry-After, since retrying soon only adds load to a store refusing writes
            LOG.warn("Session store full for {} {}: {}", method, path, full.getMessage());
            return new ProblemAnswer(ProblemType.STORE_FULL, "The session store is out of memory and refuses writes; "
                    + "nothing was written.", Map.of(), Map.of());
        }
        LOG.error("Unexpected failure of {} {}", method, path, failure);
        return new ProblemAnswer(ProblemType.INTERNAL_ERROR, "The server failed; the failure is logged.", Map.of(), Map.of());
    }

    /** The problem document of this answer to a request for {@code path}, as JSON. */
    byte[] body(JsonMapper json, String path) {
        return json.writeValueAsBytes(Problems.of(type, detail, path, properties));
    }
}
