package dev.sessiondata.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.http.RouteTable;
import dev.sessiondata.server.support.RunningServer;
import dev.sessiondata.server.support.SharedServers;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
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
        for (RouteTable.Route route : server.bean(RouteTable.class).routes()) {
            if (route.pattern().startsWith("/api/")) {
                routed.add(route.method() + " " + route.pattern());
            }
        }

        assertThat(documented).as("the operations of docs/openapi.json").isNotEmpty().isEqualTo(routed);
    }
}
