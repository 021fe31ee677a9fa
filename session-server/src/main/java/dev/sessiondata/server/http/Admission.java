package dev.sessiondata.server.http;

import dev.sessiondata.api.ProblemType;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Admission by bytes, both ways ({@link OverloadProperties}). A route that reads a body is admitted by
 * {@link WriteAdmission} before a byte of the body is read, and holds its share until the request has ended (the
 * store has the write, or not). An answer with a body holds its bytes ({@link AnswerBytes}) from the moment it is
 * made until it is written or its connection closes ({@link ApiRequest#holdAnswer}), so clients that ask and never
 * read cannot fill the heap; an answer beyond the bound is {@code 503} with {@code Retry-After}. A route that
 * reserved its answer's bytes before it read them from the store ({@link ApiRequest#answerCeiling}) is not counted
 * twice. Never waits.
 */
public final class Admission implements Link {

    private final WriteAdmission writes;

    public Admission(WriteAdmission writes) {
        this.writes = writes;
    }

    @Override
    public @Nullable Runnable enter(ApiRequest request) {
        RouteTable.Route route = request.route();
        if (route == null || route.maxBodyBytes() == 0) {
            return null;
        }
        return writes.admit(request.contentLength(), route.maxBodyBytes())::close;
    }

    @Override
    public Reply leave(ApiRequest request, Reply reply) {
        if (reply.length() > 0 && !request.holdAnswer(reply.length())) {
            throw overloaded();
        }
        return reply;
    }

    /** The {@code 503} of an answer beyond the bound of answers in flight. */
    public static ApiProblemException overloaded() {
        return new ApiProblemException(ProblemType.STORE_UNAVAILABLE,
                "The server is at its bound of bytes of answers in flight; retry later.", Map.of("overloaded", true));
    }
}
