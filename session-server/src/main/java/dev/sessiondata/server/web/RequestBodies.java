package dev.sessiondata.server.web;

import dev.sessiondata.api.ProblemType;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;

/**
 * Reads request bodies without trusting them: a declared {@code Content-Length} over the limit is refused before a
 * byte is read, a body of declared length is read into one array of that size, and a body without one (chunked)
 * is read only up to one byte past the limit.
 */
public final class RequestBodies {

    private RequestBodies() {
    }

    /** The whole body, at most {@code maxBytes}; a {@code 413} problem otherwise. */
    public static byte[] read(HttpServletRequest request, long maxBytes) throws IOException {
        int limit = Math.toIntExact(maxBytes);
        long declared = request.getContentLengthLong();
        if (declared > limit) {
            throw tooLarge(limit);
        }
        try (InputStream in = request.getInputStream()) {
            if (declared >= 0) {
                // the length is known: one array of exactly that size, filled in place (no growing and copying)
                byte[] body = new byte[(int) declared];
                int read = in.readNBytes(body, 0, body.length);
                if (read < body.length || in.read() >= 0) {
                    throw new ApiProblemException(ProblemType.INVALID_REQUEST,
                            "The body does not have the " + declared + " bytes its Content-Length declares.");
                }
                return body;
            }
            byte[] body = in.readNBytes(limit + 1);
            if (body.length > limit) {
                throw tooLarge(limit);
            }
            return body;
        }
    }

    private static ApiProblemException tooLarge(int limit) {
        return new ApiProblemException(ProblemType.PAYLOAD_TOO_LARGE,
                "The body is larger than the limit of " + limit + " bytes.", Map.of("maxBytes", limit));
    }
}
