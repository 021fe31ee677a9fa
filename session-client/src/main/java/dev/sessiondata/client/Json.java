package dev.sessiondata.client;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads the two small JSON documents the client receives (the serializer listing and problem documents), so that
 * the client needs no JSON library. Objects become {@code LinkedHashMap}s, arrays {@code List}s, numbers
 * {@code Long} or {@code Double}; nesting is bounded. Malformed input is an {@link IllegalArgumentException}.
 */
final class Json {

    private static final int MAX_DEPTH = 32;

    private final String text;
    private int position;

    private Json(String text) {
        this.text = text;
    }

    static @Nullable Object parse(String text) {
        Json json = new Json(text);
        Object value = json.value(0);
        json.skipWhitespace();
        if (json.position != text.length()) {
            throw json.error("text after the JSON value");
        }
        return value;
    }

    private @Nullable Object value(int depth) {
        if (depth > MAX_DEPTH) {
            throw error("nesting deeper than " + MAX_DEPTH);
        }
        skipWhitespace();
        char next = peek();
        return switch (next) {
            case '{' -> object(depth);
            case '[' -> array(depth);
            case '"' -> string();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", null);
            default -> number();
        };
    }

    private Map<String, @Nullable Object> object(int depth) {
        Map<String, @Nullable Object> members = new LinkedHashMap<>();
        position++;
        skipWhitespace();
        if (peek() == '}') {
            position++;
            return members;
        }
        while (true) {
            skipWhitespace();
            String name = string();
            skipWhitespace();
            expect(':');
            members.put(name, value(depth + 1));
            skipWhitespace();
            if (peek() == '}') {
                position++;
                return members;
            }
            expect(',');
        }
    }

    private List<@Nullable Object> array(int depth) {
        List<@Nullable Object> elements = new ArrayList<>();
        position++;
        skipWhitespace();
        if (peek() == ']') {
            position++;
            return elements;
        }
        while (true) {
            elements.add(value(depth + 1));
            skipWhitespace();
            if (peek() == ']') {
                position++;
                return elements;
            }
            expect(',');
        }
    }

    private String string() {
        expect('"');
        StringBuilder value = new StringBuilder();
        while (true) {
            char c = next();
            if (c == '"') {
                return value.toString();
            }
            if (c < 0x20) {
                throw error("control character in a string");
            }
            if (c != '\\') {
                value.append(c);
                continue;
            }
            char escaped = next();
            switch (escaped) {
                case '"', '\\', '/' -> value.append(escaped);
                case 'b' -> value.append('\b');
                case 'f' -> value.append('\f');
                case 'n' -> value.append('\n');
                case 'r' -> value.append('\r');
                case 't' -> value.append('\t');
                case 'u' -> {
                    if (position + 4 > text.length()) {
                        throw error("truncated \\u escape");
                    }
                    try {
                        value.append((char) Integer.parseInt(text, position, position + 4, 16));
                    } catch (NumberFormatException e) {
                        throw error("bad \\u escape");
                    }
                    position += 4;
                }
                default -> throw error("bad escape \\" + escaped);
            }
        }
    }

    private Object number() {
        int start = position;
        while (position < text.length() && "+-0123456789.eE".indexOf(text.charAt(position)) >= 0) {
            position++;
        }
        String literal = text.substring(start, position);
        try {
            if (literal.indexOf('.') < 0 && literal.indexOf('e') < 0 && literal.indexOf('E') < 0) {
                return Long.parseLong(literal);
            }
            return Double.parseDouble(literal);
        } catch (NumberFormatException e) {
            position = start;
            throw error("expected a value");
        }
    }

    private @Nullable Object literal(String word, @Nullable Object value) {
        if (!text.startsWith(word, position)) {
            throw error("expected " + word);
        }
        position += word.length();
        return value;
    }

    private void skipWhitespace() {
        while (position < text.length() && " \t\r\n".indexOf(text.charAt(position)) >= 0) {
            position++;
        }
    }

    private char peek() {
        if (position >= text.length()) {
            throw error("unexpected end");
        }
        return text.charAt(position);
    }

    private char next() {
        char c = peek();
        position++;
        return c;
    }

    private void expect(char c) {
        if (next() != c) {
            position--;
            throw error("expected '" + c + "'");
        }
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException("malformed JSON at offset " + position + ": " + what);
    }
}
