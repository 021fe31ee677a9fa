package dev.sessiondata.server.index;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.http.ApiProblemException;
import dev.sessiondata.server.store.IndexValues;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads the {@code Session-Index} field of a write into the session's {@link IndexValues}, and checks an index
 * value a lookup names, against {@link IndexProperties}. Refusals are {@code 400 invalid-index} problems.
 */
public final class IndexHeaders {

    private final IndexProperties properties;

    public IndexHeaders(IndexProperties properties) {
        this.properties = properties;
    }

    /**
     * The index values of a write's {@code Session-Index} lines (null or none: no index), joined by commas as one
     * field (RFC 9110 5.3).
     */
    public IndexValues of(@Nullable List<String> lines) {
        if (lines == null || lines.isEmpty()) {
            return IndexValues.none();
        }
        Map<String, String> values = new HashMap<>();
        for (String pair : String.join(",", lines).split(",", -1)) {
            String entry = pair.strip();
            int equals = entry.indexOf('=');
            if (equals < 0) {
                throw invalid("each entry of " + SessionApi.INDEX_HEADER + " is name=value, got '" + entry + "'");
            }
            String name = requireName(entry.substring(0, equals));
            String value = requireValue(decode(entry.substring(equals + 1)));
            if (values.put(name, value) != null) {
                throw invalid("a session has one value per index; '" + name + "' is named twice");
            }
        }
        return new IndexValues(values);
    }

    /** {@code name} when the service keeps that index. */
    public String requireName(String name) {
        if (!properties.names().contains(name)) {
            throw invalid("the service keeps the indexes " + properties.names() + ", not '" + name + "'");
        }
        return name;
    }

    /** {@code value} when it is no longer than the bound and holds no control character. */
    public String requireValue(String value) {
        if (value.isEmpty() || value.getBytes(StandardCharsets.UTF_8).length > properties.maxValueLength()) {
            throw invalid("an index value is 1 to " + properties.maxValueLength() + " bytes of UTF-8");
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                throw invalid("an index value holds no control character");
            }
        }
        return value;
    }

    private static String decode(String encoded) {
        try {
            return URLDecoder.decode(encoded, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException malformed) {
            throw invalid("an index value is percent-encoded UTF-8: " + malformed.getMessage());
        }
    }

    private static ApiProblemException invalid(String detail) {
        return new ApiProblemException(ProblemType.INVALID_INDEX, detail);
    }
}
