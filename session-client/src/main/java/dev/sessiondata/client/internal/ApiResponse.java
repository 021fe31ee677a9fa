package dev.sessiondata.client.internal;

import java.net.http.HttpHeaders;
import java.util.Optional;

/**
 * One answer of the service: the request it answers ({@code METHOD /path}, for messages), status, headers and the
 * (bounded) body.
 */
public record ApiResponse(String request, int status, HttpHeaders headers, byte[] body) {

    public Optional<String> header(String name) {
        return headers.firstValue(name);
    }

    public boolean isSuccessful() {
        return status / 100 == 2;
    }

    /** This answer if it is a success, else the typed exception of its status. */
    public ApiResponse requireSuccess() {
        if (!isSuccessful()) {
            throw Failures.of(this);
        }
        return this;
    }

    /** The version in the {@code ETag} header, without quotes or weakness prefix. */
    public Optional<String> version() {
        return header("ETag").map(ApiResponse::unquote);
    }

    private static String unquote(String etag) {
        String tag = etag.strip();
        if (tag.startsWith("W/")) {
            tag = tag.substring(2);
        }
        if (tag.length() >= 2 && tag.startsWith("\"") && tag.endsWith("\"")) {
            tag = tag.substring(1, tag.length() - 1);
        }
        return tag;
    }
}
