package dev.sessiondata.client;

import java.net.http.HttpHeaders;
import java.util.Optional;

/** One answer of the service: status, headers and the (bounded) body. */
record ApiResponse(String request, int status, HttpHeaders headers, byte[] body) {

    Optional<String> header(String name) {
        return headers.firstValue(name);
    }

    /** The version in the {@code ETag} header, without quotes or weakness prefix. */
    Optional<String> version() {
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
