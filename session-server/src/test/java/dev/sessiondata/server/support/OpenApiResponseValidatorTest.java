package dev.sessiondata.server.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The check every response of the HTTP tests goes through finds what does not conform, and only that. */
class OpenApiResponseValidatorTest {

    private static final String SESSION = "/api/v1/sessions/cart-1";
    private static final String NOT_FOUND = "{\"type\":\"urn:sessiondata:problem:not-found\",\"title\":\"Not found\","
            + "\"status\":404,\"detail\":\"No session 'cart-1'.\",\"instance\":\"" + SESSION + "\"}";

    private final OpenApiResponseValidator validator = OpenApiResponseValidator.COMMITTED;

    @Test
    void aDocumentedProblemConforms() {
        assertThat(validator.violations("GET", SESSION, 404, headers("Content-Type", "application/problem+json",
                "Session-Serializer-Active", "java"), bytes(NOT_FOUND))).isEmpty();
    }

    @Test
    void aSessionReadWithItsHeadersConforms() {
        assertThat(validator.violations("GET", SESSION, 200, headers("Content-Type", "application/vnd.sessiondata.kryo",
                "Session-Serializer-Active", "java", "ETag", "\"0123456789abcdef\"",
                "Session-Expires-At", "2026-11-23T01:30:00.123Z",
                "Repr-Digest", "sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:"), new byte[] {1, 2, 3})).isEmpty();
    }

    @Test
    void aStatusTheOperationDoesNotDocumentIsAViolation() {
        assertThat(validator.violations("DELETE", SESSION, 409, headers("Session-Serializer-Active", "java"), new byte[0]))
                .singleElement().satisfies(violation -> assertThat(violation).contains("409 is not documented"));
    }

    @Test
    void aProblemWithoutItsTitleOrOfAnotherStatusIsAViolation() {
        String noTitle = NOT_FOUND.replace("\"title\":\"Not found\",", "");
        String otherType = NOT_FOUND.replace("not-found", "store-full");

        assertThat(validator.violations("GET", SESSION, 404, headers("Content-Type", "application/problem+json",
                "Session-Serializer-Active", "java"), bytes(noTitle))).isNotEmpty();
        assertThat(validator.violations("GET", SESSION, 404, headers("Content-Type", "application/problem+json",
                "Session-Serializer-Active", "java"), bytes(otherType))).isNotEmpty();
    }

    @Test
    void aMissingRequiredHeaderOrAMalformedOneIsAViolation() {
        assertThat(validator.violations("PUT", SESSION, 201, headers("Session-Serializer-Active", "java",
                "ETag", "\"0123456789abcdef\"", "Session-Expires-At", "2026-11-23T01:30:00Z"), new byte[0]))
                .singleElement().satisfies(violation -> assertThat(violation).contains("no Location"));
        assertThat(validator.violations("PUT", SESSION, 200, headers("Session-Serializer-Active", "java",
                "ETag", "0123456789abcdef", "Session-Expires-At", "tomorrow"), new byte[0])).hasSize(2);
        assertThat(validator.violations("PUT", SESSION, 503, headers("Content-Type", "application/problem+json",
                "Session-Serializer-Active", "java", "Retry-After", "soon"), bytes(NOT_FOUND
                .replace("not-found", "store-unavailable").replace("404", "503")))).singleElement()
                .satisfies(violation -> assertThat(violation).contains("Retry-After"));
    }

    @Test
    void aBodyOfAnUndocumentedMediaTypeOrWhereNoneIsDocumentedIsAViolation() {
        assertThat(validator.violations("GET", SESSION, 200, headers("Content-Type", "application/vnd.sessiondata.yaml",
                "Session-Serializer-Active", "java", "ETag", "\"0123456789abcdef\"",
                "Session-Expires-At", "2026-11-23T01:30:00Z"), new byte[] {1})).singleElement()
                .satisfies(violation -> assertThat(violation).contains("application/vnd.sessiondata.yaml"));
        assertThat(validator.violations("GET", SESSION, 304, headers("Session-Serializer-Active", "java",
                "ETag", "\"0123456789abcdef\"", "Session-Expires-At", "2026-11-23T01:30:00Z"), new byte[] {1}))
                .singleElement().satisfies(violation -> assertThat(violation).contains("where the document has none"));
    }

    @Test
    void aRequestTheDocumentDoesNotDescribeIsNotChecked() {
        assertThat(validator.violations("GET", "/actuator/health", 200, headers(), bytes("{}"))).isEmpty();
        assertThat(validator.violations("PATCH", SESSION, 405, headers(), bytes("{}"))).isEmpty();
    }

    @Test
    void aRawAnswerIsCheckedByItsStatusLineHeadersAndBody() {
        String problem = "{\"type\":\"urn:sessiondata:problem:header-too-large\",\"title\":\"Request header fields too large\","
                + "\"status\":431,\"detail\":\"The request's header section is larger than the server accepts.\"}";
        String answer = "HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: application/problem+json\r\n"
                + "content-length: " + problem.length() + "\r\nconnection: close\r\n\r\n" + problem;

        validator.checkRaw("GET", SESSION, answer);
        assertThatThrownBy(() -> validator.checkRaw("GET", SESSION, answer.replace("431 Request", "432 Request")))
                .isInstanceOf(AssertionError.class).hasMessageContaining("432 is not documented");
    }

    @Test
    void checkFailsWithEveryViolation() {
        assertThatThrownBy(() -> validator.check("DELETE", SESSION, 409, headers(), new byte[0]))
                .isInstanceOf(AssertionError.class).hasMessageContaining("409 is not documented");
    }

    private static HttpHeaders headers(String... namesAndValues) {
        Map<String, List<String>> map = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            map.put(namesAndValues[i], List.of(namesAndValues[i + 1]));
        }
        return HttpHeaders.of(map, (name, value) -> true);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
