package dev.sessiondata.server.web;

import dev.sessiondata.api.SessionApi;
import org.springframework.http.server.reactive.ServerHttpRequest;

/** Which requests are the API's: the paths under {@code /api/v1}, where the API's filters apply. */
public final class ApiPaths {

    private ApiPaths() {
    }

    public static boolean isApi(ServerHttpRequest request) {
        String path = request.getPath().value();
        return path.startsWith(SessionApi.BASE_PATH)
                && (path.length() == SessionApi.BASE_PATH.length() || path.charAt(SessionApi.BASE_PATH.length()) == '/');
    }
}
