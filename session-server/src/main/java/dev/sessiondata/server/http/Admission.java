package dev.sessiondata.server.http;

import dev.sessiondata.api.ProblemType;
import java.util.Map;
import reactor.core.publisher.Mono;

/**
 * Admission by bytes, both ways ({@link OverloadProperties}). A route that reads a body is admitted by
 * {@link WriteAdmission} before a byte of the body is read, and holds its share until its reply is made. An answer
 * with a body holds its bytes ({@link AnswerBytes}) from the moment it is made until it is written or its connection
 * closes ({@link ApiRequest#holdAnswer}), so clients that ask and never read cannot fill the heap; an answer beyond
 * the bound is {@code 503} with {@code Retry-After}. A route that reserved its answer's bytes before it read them
 * from the store ({@link ApiRequest#answerCeiling}) is not counted twice. Never waits.
 */
public final class Admission implements Link {

    private final WriteAdmission writes;

    public Admission(WriteAdmission writes) {
        this.writes = writes;
    }

    @Override
    public Mono<Reply> handle(ApiRequest request, Chain next) {
        RouteTable.Route route = request.route();
        Mono<Reply> reply = route == null || route.maxBodyBytes() == 0 ? next.proceed(request)
                // the permit is held until the reply is made (the store has the write, or it failed), then given back
                : Mono.using(() -> writes.admit(request.contentLength(), route.maxBodyBytes()),
                        permit -> next.proceed(request), WriteAdmission.Permit::close);
        return reply.map(answer -> {
            if (answer.length() > 0 && !request.holdAnswer(answer.length())) {
                throw overloaded();
            }
            return answer;
        });
    }

    /** The {@code 503} of an answer beyond the bound of answers in flight. */
    public static ApiProblemException overloaded() {
        return new ApiProblemException(ProblemType.STORE_UNAVAILABLE,
                "The server is at its bound of bytes of answers in flight; retry later.", Map.of("overloaded", true));
    }
}
