package dev.sessiondata.client;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One request to the service, before the transport adds the base URI, the token and the timeout: method, path under
 * the base URI, headers and the body, which is kept as the bytes it is so that any transport sends it without a copy.
 *
 * @param headers names and values, alternating
 */
record ApiRequest(String method, String path, List<String> headers, byte @Nullable [] body) {

    ApiRequest {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        headers = List.copyOf(headers);
    }

    static ApiRequest get(String path) {
        return new ApiRequest("GET", path, List.of(), null);
    }

    static ApiRequest delete(String path) {
        return new ApiRequest("DELETE", path, List.of(), null);
    }

    /** A {@code POST} without a body. */
    static ApiRequest post(String path) {
        return new ApiRequest("POST", path, List.of(), new byte[0]);
    }

    static ApiRequest put(String path, byte[] body) {
        return new ApiRequest("PUT", path, List.of(), Objects.requireNonNull(body, "body"));
    }

    /** This request with one more header. */
    ApiRequest header(String name, String value) {
        List<String> more = new ArrayList<>(headers.size() + 2);
        more.addAll(headers);
        more.add(Objects.requireNonNull(name, "name"));
        more.add(Objects.requireNonNull(value, "value"));
        return new ApiRequest(method, path, more, body);
    }

}
