package dev.sessiondata.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JsonTest {

    @Test
    void readsObjectsArraysStringsNumbersAndLiterals() {
        Object value = Json.parse(" {\"a\": [1, -2.5e1, true, false, null], \"b\": {\"c\": \"x\\\"y\\u00e9\\n\"}} ");

        assertThat(value).isEqualTo(Map.of("a", java.util.Arrays.asList(1L, -25.0, true, false, null),
                "b", Map.of("c", "x\"y\u00e9\n")));
        assertThat(Json.parse("[]")).isEqualTo(List.of());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "{", "{\"a\" 1}", "[1,]", "\"open", "tru", "{} x", "-", "\"\\q\""})
    void malformedInputIsAnIllegalArgument(String text) {
        assertThatThrownBy(() -> Json.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("malformed JSON at offset");
    }

    @Test
    void nestingIsBounded() {
        assertThatThrownBy(() -> Json.parse("[".repeat(10_000)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nesting");
    }
}
