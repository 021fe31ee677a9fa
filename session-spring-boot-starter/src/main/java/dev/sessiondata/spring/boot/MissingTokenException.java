package dev.sessiondata.spring.boot;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * {@code sessiondata.client.base-uri} is set but {@code sessiondata.client.token} holds no token: it is unset or
 * blank, or it is a placeholder such as {@code ${SESSIONDATA_TOKEN}} that nothing resolved (Spring Boot leaves an
 * unresolvable placeholder in the value as it is, so the client would send it as its token and every request would
 * be refused with 401). {@link MissingTokenFailureAnalyzer} says what to set.
 */
public class MissingTokenException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /** The first {@code ${name}} or {@code ${name:default}} left in a value. */
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}:]+)");

    /** The property that holds the token. */
    public static final String PROPERTY = "sessiondata.client.token";

    private final @Nullable String placeholder;

    private MissingTokenException(@Nullable String placeholder) {
        super(placeholder == null
                ? PROPERTY + " is required with sessiondata.client.base-uri: the service answers 401 without the token "
                        + "it gave this application"
                : PROPERTY + " is '${" + placeholder + "}', which nothing resolved: neither the environment variable "
                        + placeholder + " nor a property of that name is set");
        this.placeholder = placeholder;
    }

    /** The token to use, or this exception when {@code token} is unset, blank or an unresolved placeholder. */
    static String requireToken(@Nullable String token) {
        if (token == null || token.isBlank()) {
            throw new MissingTokenException(null);
        }
        Matcher placeholder = PLACEHOLDER.matcher(token);
        if (placeholder.find()) {
            throw new MissingTokenException(placeholder.group(1).strip());
        }
        return token;
    }

    /** The name of the placeholder nothing resolved, such as {@code SESSIONDATA_TOKEN}; empty when the token is unset. */
    public Optional<String> placeholder() {
        return Optional.ofNullable(placeholder);
    }
}
