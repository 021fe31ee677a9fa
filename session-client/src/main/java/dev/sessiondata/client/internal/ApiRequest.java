package dev.sessiondata.client.internal;

import dev.sessiondata.api.SessionApi;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One request to the service, before the pipeline adds the base URI, the token and the timeout: the operation it
 * is measured as, method, path under the base URI, headers, the body (kept as the bytes it is, so that any exchange
 * sends it without a copy), and the largest successful answer body accepted.
 *
 * <p>A session write carries its {@link SessionBody}, so that an interceptor can make the body again with another
 * serializer; its {@code Content-Type} follows the body.
 *
 * @param headers names and values, alternating
 */
public record ApiRequest(String operation, String method, String path, List<String> headers,
                         byte @Nullable [] body, @Nullable SessionBody sessionBody, int bodyLimit) {

    public ApiRequest {
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        headers = List.copyOf(headers);
    }

    public static ApiRequest get(String operation, String path, int bodyLimit) {
        return new ApiRequest(operation, "GET", path, List.of(), null, null, bodyLimit);
    }

    public static ApiRequest delete(String operation, String path) {
        return new ApiRequest(operation, "DELETE", path, List.of(), null, null, BoundedBody.ERROR_BODY_LIMIT);
    }

    /** A {@code POST} without a body. */
    public static ApiRequest post(String operation, String path) {
        return new ApiRequest(operation, "POST", path, List.of(), new byte[0], null, BoundedBody.ERROR_BODY_LIMIT);
    }

    public static ApiRequest put(String operation, String path, byte[] body) {
        return new ApiRequest(operation, "PUT", path, List.of(), Objects.requireNonNull(body, "body"), null,
                BoundedBody.ERROR_BODY_LIMIT);
    }

    /** A {@code PUT} of a session value, with the {@code Content-Type} of the serializer that made its bytes. */
    public static ApiRequest putSession(String operation, String path, SessionBody body) {
        return new ApiRequest(operation, "PUT", path, List.of(), null, null, BoundedBody.ERROR_BODY_LIMIT)
                .withSessionBody(body);
    }

    /** This request with one more header. */
    public ApiRequest header(String name, String value) {
        List<String> more = new ArrayList<>(headers.size() + 2);
        more.addAll(headers);
        more.add(Objects.requireNonNull(name, "name"));
        more.add(Objects.requireNonNull(value, "value"));
        return new ApiRequest(operation, method, path, more, body, sessionBody, bodyLimit);
    }

    /**
     * This request with another session body: its bytes, its {@code Content-Type}, and without the fields that
     * described the previous bytes ({@code Content-Type}, {@code Content-Digest}).
     */
    public ApiRequest withSessionBody(SessionBody next) {
        List<String> kept = new ArrayList<>(headers.size() + 2);
        for (int i = 0; i < headers.size(); i += 2) {
            String name = headers.get(i);
            if (!name.equalsIgnoreCase("Content-Type") && !name.equalsIgnoreCase(ContentDigest.CONTENT_DIGEST)) {
                kept.add(name);
                kept.add(headers.get(i + 1));
            }
        }
        kept.add("Content-Type");
        kept.add(SessionApi.mediaTypeOf(next.serializerId()));
        return new ApiRequest(operation, method, path, kept, next.bytes(), next, bodyLimit);
    }
}
