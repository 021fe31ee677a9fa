package dev.sessiondata.docs.client;

// tag::imports[]
import dev.sessiondata.client.ConflictException;
import dev.sessiondata.client.SessionClient;
import dev.sessiondata.client.SessionTransportException;
import dev.sessiondata.client.Versioned;
import dev.sessiondata.client.WriteOptions;
import dev.sessiondata.serializer.SerializerSettings;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
// end::imports[]

/**
 * Every Java client sample of the manual, between {@code tag::} markers that the pages include. Compiled with the
 * build, so a sample that the client's API no longer accepts fails it; {@code ClientSnippetsIT} runs them against the
 * real server.
 */
final class ClientSnippets {

    private ClientSnippets() {
    }

    static SessionClient build(URI baseUri, String token) {
        // tag::build[]
        SessionClient sessions = SessionClient.builder()
                .baseUri(baseUri)                                  // URI.create("http://localhost:8080")
                .token(token)                                      // from the service's sessiondata.security.clients
                .serializerSettings(SerializerSettings.builder()
                        .allowPackages("dev.sessiondata.docs.client") // the classes a session may contain
                        .build())
                .registerClasses(ShoppingCart.class)               // the classes this application writes
                .build();                                          // no I/O yet; close() it with the application
        // end::build[]
        return sessions;
    }

    static void connect(SessionClient sessions) {
        // tag::connect[]
        sessions.connect();        // optional: the handshake now, so the application fails fast without the service
        // end::connect[]
    }

    static List<String> tour(SessionClient sessions) {
        // tag::tour[]
        WriteOptions halfAnHour = WriteOptions.ttl(Duration.ofMinutes(30)); // WriteOptions.defaults(): the service's ttl
        String version = sessions.put("user-42", new ShoppingCart().add("book"), halfAnHour);

        // Empty when absent or expired; else the value, its version and when it expires.
        Optional<Versioned<ShoppingCart>> cart = sessions.get("user-42", ShoppingCart.class);

        // Compare-and-set: a ConflictException if someone wrote since `version`.
        sessions.replace("user-42", cart.orElseThrow().value().add("pen"), version, halfAnHour);

        // Read, change, write only if nobody wrote in between; retried with backoff on a conflict.
        ShoppingCart updated = sessions.update("user-42", ShoppingCart.class, current -> current.add("ink"),
                halfAnHour);

        sessions.touch("user-42");                                 // extend the time to live
        sessions.delete("user-42");
        // end::tour[]
        return updated.items();
    }

    static boolean conditional(SessionClient sessions, ShoppingCart cart) {
        // tag::conditional[]
        Optional<String> created = sessions.putIfAbsent("user-43", cart);    // empty: one exists already
        try {
            created.ifPresent(v -> sessions.replace("user-43", cart.add("pen"), v));
        } catch (ConflictException e) {
            // someone wrote in between: read again and decide
        } catch (SessionTransportException e) {
            // no answer: the write may have landed; read before writing again
        }
        return sessions.delete("user-43");                                   // false when absent
        // end::conditional[]
    }
}
