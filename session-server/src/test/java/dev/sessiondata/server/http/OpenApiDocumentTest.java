package dev.sessiondata.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.support.OpenApiDocumentChecks;
import org.junit.jupiter.api.Test;

/**
 * docs/openapi.json is valid OpenAPI 3.1 and complete for what the code defines ({@link OpenApiDocumentChecks}),
 * and each check really rejects a document that breaks it: the build fails on an invalid or incomplete document.
 * (That it describes exactly the server's routes is {@code OpenApiDocumentIT}; that every response of the HTTP
 * tests conforms to it, {@code support/OpenApiResponseValidator}.)
 */
class OpenApiDocumentTest {

    private final JsonNode document = OpenApiDocumentChecks.committed();

    @Test
    void theDocumentIsValidByTheOfficialOpenApi31Schema() {
        assertThat(document.path("openapi").asText()).startsWith("3.1.");
        assertThat(OpenApiDocumentChecks.schemaErrors(document)).isEmpty();
    }

    @Test
    void swaggerParserReadsTheDocumentWithoutAMessage() {
        assertThat(OpenApiDocumentChecks.parserMessages(document)).isEmpty();
    }

    @Test
    void theDocumentHasEverySerializerProblemTypeAndAnswerEveryOperationGives() {
        assertThat(OpenApiDocumentChecks.gaps(document)).isEmpty();
    }

    @Test
    void aHeaderWithoutSchemaIsRejected() {
        ObjectNode broken = document.deepCopy();
        ((ObjectNode) broken.at("/components/headers/ETag")).remove("schema");

        assertThat(OpenApiDocumentChecks.schemaErrors(broken)).isNotEmpty()
                .anySatisfy(error -> assertThat(error).startsWith("/components/headers/ETag"));
    }

    @Test
    void aSchemaOfAnUnknownTypeIsRejected() {
        ObjectNode broken = document.deepCopy();
        ((ObjectNode) broken.at("/components/schemas/SessionId")).put("type", "identifier");

        assertThat(OpenApiDocumentChecks.schemaErrors(broken)).isNotEmpty()
                .anySatisfy(error -> assertThat(error).startsWith("/components/schemas/SessionId"));
    }

    @Test
    void aPathParameterNoOneDeclaresIsRejected() {
        ObjectNode broken = document.deepCopy();
        ((ObjectNode) broken.at("/paths/" + escape(SessionApi.SESSIONS_PATH + "/{id}/touch"))).remove("parameters");

        assertThat(OpenApiDocumentChecks.parserMessages(broken)).isNotEmpty();
    }

    @Test
    void aSerializerWhoseMediaTypeIsMissingIsRejected() {
        ObjectNode broken = document.deepCopy();
        String mediaType = SessionApi.mediaTypeOf(KnownSerializers.KRYO);
        ((ObjectNode) broken.at("/paths/" + escape(SessionApi.SESSIONS_PATH + "/{id}") + "/put/requestBody/content"))
                .remove(mediaType);

        assertThat(OpenApiDocumentChecks.gaps(broken)).singleElement()
                .satisfies(gap -> assertThat(gap).contains("session write", mediaType));
        assertThat(OpenApiDocumentChecks.schemaErrors(broken)).as("still valid OpenAPI, only incomplete").isEmpty();
    }

    @Test
    void anOperationWithoutUnauthorizedIsRejected() {
        ObjectNode broken = document.deepCopy();
        ((ObjectNode) broken.at("/paths/" + escape(SessionApi.SERIALIZERS_PATH) + "/get/responses")).remove("401");

        assertThat(OpenApiDocumentChecks.gaps(broken)).containsExactly("get " + SessionApi.SERIALIZERS_PATH + ": no 401");
    }

    @Test
    void aProblemTypeTheDocumentDoesNotListIsRejected() {
        ObjectNode broken = document.deepCopy();
        ArrayNode types = (ArrayNode) broken.at("/components/schemas/Problem/properties/type/enum");
        String storeFull = ProblemType.STORE_FULL.uri().toString();
        for (int i = types.size() - 1; i >= 0; i--) {
            if (types.get(i).asText().equals(storeFull)) {
                types.remove(i);
            }
        }

        assertThat(OpenApiDocumentChecks.gaps(broken)).anySatisfy(gap -> assertThat(gap).contains(storeFull));
    }

    /** A path as one JSON Pointer token. */
    private static String escape(String path) {
        return path.replace("~", "~0").replace("/", "~1");
    }
}
