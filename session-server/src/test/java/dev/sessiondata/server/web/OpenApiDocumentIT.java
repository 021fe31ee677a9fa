package dev.sessiondata.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.support.RunningServer;
import dev.sessiondata.server.support.SharedServers;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.web.reactive.function.server.HandlerFunction;
import org.springframework.web.reactive.function.server.RequestPredicate;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.core.io.Resource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The API document is written by hand (docs/openapi.json) and served as it is at {@code /v3/api-docs}. This checks
 * that the server serves exactly that file, and that the file and the server's routes describe the same API: every
 * route under {@code /api} is documented with its method, {@code HEAD} included, and every documented operation is a
 * route. (That the document is valid and complete is {@code OpenApiDocumentTest}.)
 */
class OpenApiDocumentIT {

    private static final Path COMMITTED = Path.of("..", "docs", "openapi.json");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final RunningServer server = SharedServers.memory();

    @Test
    void theServerServesTheCommittedDocument() throws IOException {
        HttpResponse<byte[]> served = server.anonymous().send("GET", "/v3/api-docs", HttpRequest.BodyPublishers.noBody());

        assertThat(served.statusCode()).isEqualTo(200);
        assertThat(served.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/json"));
        assertThat(JSON.readTree(served.body())).isEqualTo(JSON.readTree(Files.readString(COMMITTED)));
    }

    @Test
    void everyReadOfTheApiHasItsHeadWithTheHeadersOfTheGetAndNoBody() {
        for (String path : List.of(SessionApi.SERIALIZERS_PATH, SessionApi.ONE_NIO_DESCRIPTORS_PATH,
                SessionApi.ONE_NIO_DESCRIPTORS_PATH + "/0123456789abcdef")) {
            HttpResponse<byte[]> get = server.reader().send("GET", path, HttpRequest.BodyPublishers.noBody());
            HttpResponse<byte[]> head = server.reader().send("HEAD", path, HttpRequest.BodyPublishers.noBody());

            assertThat(head.statusCode()).as(path).isEqualTo(get.statusCode());
            assertThat(head.headers().firstValue("Content-Type")).as(path).isEqualTo(get.headers().firstValue("Content-Type"));
            assertThat(head.headers().firstValue(SessionApi.SERIALIZER_ACTIVE_HEADER)).as(path).isPresent();
            assertThat(head.body()).as(path).isEmpty();
        }
    }

    @Test
    void theDocumentDescribesExactlyTheRoutesOfTheApi() throws IOException {
        Set<String> documented = new TreeSet<>();
        JsonNode paths = JSON.readTree(Files.readString(COMMITTED)).get("paths");
        for (String path : paths.propertyNames()) {
            for (String method : paths.get(path).propertyNames()) {
                if (!method.equals("parameters")) {
                    documented.add(method.toUpperCase(Locale.ROOT) + " " + path);
                }
            }
        }

        Set<String> routed = new TreeSet<>();
        for (Route route : routes(server.bean(RouterFunction.class))) {
            if (route.path().startsWith("/api/")) {
                for (HttpMethod method : route.methods()) {
                    routed.add(method.name() + " " + route.path());
                }
            }
        }

        assertThat(documented).as("the operations of docs/openapi.json").isNotEmpty().isEqualTo(routed);
    }

    private record Route(String path, Set<HttpMethod> methods) {
    }

    /** The routes that name a path and methods, as the router function describes itself. */
    private static List<Route> routes(RouterFunction<?> router) {
        List<Route> routes = new ArrayList<>();
        router.accept(new RouterFunctions.Visitor() {
            @Override
            public void startNested(RequestPredicate predicate) {
            }

            @Override
            public void endNested(RequestPredicate predicate) {
            }

            @Override
            public void route(RequestPredicate predicate, HandlerFunction<?> handlerFunction) {
                Described described = new Described();
                predicate.accept(described);
                if (described.path != null && !described.methods.isEmpty()) {
                    routes.add(new Route(described.path, described.methods));
                }
            }

            @Override
            public void resources(Function<ServerRequest, reactor.core.publisher.Mono<Resource>> lookupFunction) {
            }

            @Override
            public void attributes(java.util.Map<String, Object> attributes) {
            }

            @Override
            public void unknown(RouterFunction<?> routerFunction) {
            }
        });
        return routes;
    }

    /** The path and methods of one route's predicate. */
    private static final class Described implements RequestPredicates.Visitor {

        private @Nullable String path;
        private final Set<HttpMethod> methods = new TreeSet<>((a, b) -> a.name().compareTo(b.name()));

        @Override
        public void method(Set<HttpMethod> methods) {
            this.methods.addAll(methods);
        }

        @Override
        public void path(String pattern) {
            this.path = pattern;
        }

        @Override
        public void pathExtension(String extension) {
        }

        @Override
        public void header(String name, String value) {
        }

        @Override
        public void queryParam(String name, String value) {
        }

        @Override
        public void version(String version) {
        }

        @Override
        public void startAnd() {
        }

        @Override
        public void and() {
        }

        @Override
        public void endAnd() {
        }

        @Override
        public void startOr() {
        }

        @Override
        public void or() {
        }

        @Override
        public void endOr() {
        }

        @Override
        public void startNegate() {
        }

        @Override
        public void endNegate() {
        }

        @Override
        public void unknown(RequestPredicate predicate) {
        }
    }
}
