package dev.sessiondata.client.e2e;

import dev.sessiondata.client.SessionClient;
import dev.sessiondata.serializer.SerializerSettings;
import java.net.URI;

/**
 * An application in a JVM of its own that never saw anyone's schemas: reads one {@link Cart} and prints it, or prints
 * why it could not and exits with 1. Arguments: base URI, token, session id.
 */
public final class FreshReader {

    private FreshReader() {
    }

    public static void main(String[] args) {
        try (SessionClient client = SessionClient.builder()
                .baseUri(URI.create(args[0]))
                .token(args[1])
                .serializerSettings(SerializerSettings.builder().allowPackages(Cart.class.getPackageName()).build())
                .registerClasses(Cart.class)
                .build()) {
            System.out.println("read=" + client.get(args[2], Cart.class).orElseThrow().value());
        } catch (RuntimeException e) {
            e.printStackTrace(System.out);
            System.exit(1);
        }
    }
}
