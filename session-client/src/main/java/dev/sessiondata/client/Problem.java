package dev.sessiondata.client;

import dev.sessiondata.api.ProblemType;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * An RFC 9457 problem document, as the service answered it. {@code properties} holds the extension members
 * (JSON values as {@code String}, {@code Long}, {@code Double}, {@code Boolean}, {@code List} and {@code Map}).
 *
 * <p>When an answer carried no problem document (a proxy's HTML error page, say), {@link #type()} is
 * {@code about:blank} and {@link #detail()} holds the start of the body.
 */
public record Problem(URI type, @Nullable String title, int status, @Nullable String detail, @Nullable URI instance,
                      Map<String, Object> properties) {

    /** The type of a problem without a more specific one, as RFC 9457 defines it. */
    public static final URI ABOUT_BLANK = URI.create("about:blank");

    public Problem {
        Objects.requireNonNull(type, "type");
        properties = Map.copyOf(properties);
    }

    /** The service's problem type, when {@link #type()} is one this version of the API knows. */
    public Optional<ProblemType> problemType() {
        return ProblemType.of(type);
    }

    /** An extension member that is a list of strings, such as the {@code accepted} serializers of a {@code 415}. */
    public List<String> stringList(String name) {
        if (properties.get(name) instanceof List<?> values) {
            return values.stream().filter(String.class::isInstance).map(String.class::cast).toList();
        }
        return List.of();
    }

    /** An extension member that is a string. */
    public Optional<String> string(String name) {
        return properties.get(name) instanceof String value ? Optional.of(value) : Optional.empty();
    }

    /** One line for an exception message: status, title and detail. */
    String summary() {
        StringBuilder text = new StringBuilder().append(status);
        if (title != null) {
            text.append(' ').append(title);
        }
        if (detail != null) {
            text.append(": ").append(detail);
        }
        if (!ABOUT_BLANK.equals(type)) {
            text.append(" (").append(type).append(')');
        }
        return text.toString();
    }
}
