package dev.sessiondata.client.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JsonDocumentsTest {

    @Test
    void aDocumentBecomesMapsListsAndPlainValues() throws IOException {
        Object document = parse("{\"active\":\"java\",\"accepted\":[\"java\",\"kryo\"],\"status\":415,"
                + "\"ok\":false,\"none\":null}");

        assertThat(document).isInstanceOfSatisfying(Map.class, members -> assertThat(members)
                .containsExactly(entry("active", "java"), entry("accepted", List.of("java", "kryo")),
                        entry("status", 415), entry("ok", false), entry("none", null)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"+1", "01", "1.", "{\"a\":1} trailing", "", "{\"a\":}", "[1,]"})
    void whatIsNotExactlyOneJsonValueIsRefused(String document) {
        assertThatThrownBy(() -> parse(document)).isInstanceOf(IOException.class);
    }

    private static Object parse(String document) throws IOException {
        return JsonDocuments.parse(document.getBytes(StandardCharsets.UTF_8));
    }
}
