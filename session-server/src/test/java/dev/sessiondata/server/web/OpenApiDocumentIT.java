package dev.sessiondata.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.server.support.SharedServers;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The committed docs/openapi.json is what the server serves. When the API changes on purpose, regenerate it with
 * {@code ./mvnw -pl session-server -am verify -Dit.test=OpenApiDocumentIT -Dopenapi.update=true} and commit it.
 */
class OpenApiDocumentIT {

    private static final Path COMMITTED = Path.of("..", "docs", "openapi.json");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void theCommittedDocumentIsTheOneTheServerServes() throws IOException {
        HttpResponse<byte[]> served = SharedServers.memory().anonymous()
                .send("GET", "/v3/api-docs", HttpRequest.BodyPublishers.noBody());
        assertThat(served.statusCode()).isEqualTo(200);
        JsonNode document = JSON.readTree(served.body());

        if (Boolean.getBoolean("openapi.update")) {
            Files.createDirectories(COMMITTED.getParent());
            Files.writeString(COMMITTED, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(document) + "\n");
        }

        assertThat(Files.exists(COMMITTED)).as("%s exists; generate it with -Dopenapi.update=true", COMMITTED).isTrue();
        assertThat(JSON.readTree(Files.readString(COMMITTED)))
                .as("docs/openapi.json differs from what the server serves; regenerate it with -Dopenapi.update=true")
                .isEqualTo(document);
    }
}
