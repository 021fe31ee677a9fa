package dev.sessiondata.client.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads the small JSON documents the client receives (the serializers document, problem documents, the answers to
 * batch touches) into plain values with jackson-core's streaming parser, which does the grammar, the number syntax
 * and the nesting bound: objects become {@code Map}s, arrays {@code List}s, numbers {@code Long}, {@code BigInteger}
 * or {@code Double}.
 */
public final class JsonDocuments {

    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    private JsonDocuments() {
    }

    /** The value of a whole document; an {@link IOException} for anything that is not exactly one JSON value. */
    public static @Nullable Object parse(byte[] document) throws IOException {
        try (JsonParser parser = FACTORY.createParser(document)) {
            if (parser.nextToken() == null) {
                throw new JsonParseException(parser, "no JSON value");
            }
            Object value = value(parser);
            if (parser.nextToken() != null) {
                throw new JsonParseException(parser, "text after the JSON value");
            }
            return value;
        }
    }

    private static @Nullable Object value(JsonParser parser) throws IOException {
        JsonToken token = parser.currentToken();
        return switch (token) {
            case START_OBJECT -> {
                Map<String, @Nullable Object> members = new LinkedHashMap<>();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    parser.nextToken();
                    members.put(name, value(parser));
                }
                yield members;
            }
            case START_ARRAY -> {
                List<@Nullable Object> elements = new ArrayList<>();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    elements.add(value(parser));
                }
                yield elements;
            }
            case VALUE_STRING -> parser.getText();
            case VALUE_NUMBER_INT -> parser.getNumberValue();
            case VALUE_NUMBER_FLOAT -> parser.getDoubleValue();
            case VALUE_TRUE -> Boolean.TRUE;
            case VALUE_FALSE -> Boolean.FALSE;
            case VALUE_NULL -> null;
            default -> throw new JsonParseException(parser, "unexpected " + token);
        };
    }
}
