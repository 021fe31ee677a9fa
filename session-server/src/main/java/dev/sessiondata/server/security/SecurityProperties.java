package dev.sessiondata.server.security;

import dev.sessiondata.server.security.Access;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Who may call the API.
 *
 * @param clients the clients and their bearer tokens; with none, the server generates one read-write token at
 *                startup and logs it once (for development, as Spring Boot does with its default password)
 */
@ConfigurationProperties("sessiondata.security")
public record SecurityProperties(@DefaultValue List<Client> clients) {

    /** Shorter tokens are refused at startup: a guessable token is no protection. */
    public static final int MIN_TOKEN_LENGTH = 16;

    /**
     * Two clients with one token are refused at startup: a request could not tell which of them sent it, and
     * the first would silently take the access of both.
     */
    public SecurityProperties {
        Map<String, String> owners = new HashMap<>();
        for (Client client : clients) {
            String owner = owners.putIfAbsent(client.token().strip(), client.name());
            if (owner != null) {
                throw new IllegalArgumentException("clients '" + owner + "' and '" + client.name()
                        + "' have the same token; give each client its own");
            }
        }
    }

    /**
     * @param name   who this is, for the logs
     * @param token  the bearer token, at least 16 characters
     * @param access {@code read} (GET and HEAD) or {@code read-write} (everything)
     */
    public record Client(String name, String token, @DefaultValue("read") Access access) {

        public Client {
            Objects.requireNonNull(name, "sessiondata.security.clients[].name is required");
            Objects.requireNonNull(token, "sessiondata.security.clients[].token is required");
            if (token.strip().length() < MIN_TOKEN_LENGTH) {
                throw new IllegalArgumentException("the token of client '" + name + "' is shorter than "
                        + MIN_TOKEN_LENGTH + " characters");
            }
        }
    }
}
