package dev.sessiondata.client.example;

import dev.sessiondata.client.SessionClient;
import dev.sessiondata.client.Versioned;
import dev.sessiondata.client.WriteOptions;
import dev.sessiondata.serializer.SerializerSettings;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The usage example of the README, verbatim between the markers; {@code ReadmeExampleIT} runs it against a real
 * server. Change both together.
 */
public final class ReadmeExample {

    private ReadmeExample() {
    }

    /** Runs the example; returns the items the cart ends with. */
    public static List<String> run(URI baseUri, String token) {
        // README:begin
        // One client per application: thread-safe; close it with the application. build() does no I/O: the
        // first write asks the service for its active serializer and publishes the schemas it needs.
        try (SessionClient sessions = SessionClient.builder()
                .baseUri(baseUri)                                  // e.g. http://localhost:8080
                .token(token)                                      // from sessiondata.security.clients
                .serializerSettings(SerializerSettings.builder()
                        .allowPackages("dev.sessiondata.client.example") // the classes a session may contain
                        .build())
                .registerClasses(ShoppingCart.class)               // the classes this application writes
                .build()) {

            WriteOptions halfAnHour = WriteOptions.ttl(Duration.ofMinutes(30)); // none: the service's default
            String version = sessions.put("user-42", new ShoppingCart().add("book"), halfAnHour);

            // Empty when absent or expired; else the value, its version and when it expires.
            Optional<Versioned<ShoppingCart>> cart = sessions.get("user-42", ShoppingCart.class);

            // Compare-and-set: a ConflictException if someone wrote since `version`.
            sessions.replace("user-42", cart.orElseThrow().value().add("pen"), version, halfAnHour);

            // Read, change, write only if nobody wrote in between; retried with jittered backoff on a conflict.
            ShoppingCart updated = sessions.update("user-42", ShoppingCart.class, current -> current.add("ink"),
                    halfAnHour);

            sessions.touch("user-42");                             // extend the time to live
            sessions.delete("user-42");
            // README:end
            return updated.items();
        }
    }
}
