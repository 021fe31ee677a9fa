package dev.sessiondata.client;

import java.net.URI;

/**
 * An application without Micrometer on its class path, run by {@link OptionalMicrometerTest} in a JVM of its own.
 * Arguments: the base URI of a scripted server. Prints what it read; exits with 3 if Micrometer is there after all.
 */
public final class MicrometerFreeApplication {

    private MicrometerFreeApplication() {
    }

    public static void main(String[] args) {
        try {
            Class.forName("io.micrometer.core.instrument.MeterRegistry");
            System.exit(3);
        } catch (ClassNotFoundException expected) {
            // the point of this application: the client must work without Micrometer
        }
        SessionClient client = SessionClient.builder().baseUri(URI.create(args[0])).token(SessionClientTest.TOKEN)
                .build();
        client.put("user-42", "hello");
        System.out.println("read: " + client.get("user-42", String.class).orElseThrow().value());
    }
}
