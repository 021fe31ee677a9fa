package dev.sessiondata.spring.boot;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.sessiondata.client.MissingDigestException;
import dev.sessiondata.client.SessionClient;
import dev.sessiondata.serializer.SerializationException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.session.autoconfigure.SessionAutoConfiguration;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;

/**
 * sessiondata.client.require-repr-digest builds the client in strict digest mode: a session answered without a
 * sha-256 Repr-Digest (one whose digest was removed where it is stored) is refused before anything reads it.
 */
class RequireReprDigestPropertyTest {

    private HttpServer service;

    private WebApplicationContextRunner runner;

    /** A service that answers every session read 200 with bytes and no Repr-Digest, and anything else 404. */
    @BeforeEach
    void startService() throws IOException {
        service = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        service.createContext("/", exchange -> {
            boolean sessionRead = exchange.getRequestMethod().equals("GET")
                    && exchange.getRequestURI().getPath().startsWith("/api/v1/sessions/");
            byte[] body = sessionRead ? new byte[] {1, 2, 3} : new byte[0];
            exchange.getResponseHeaders().add("Content-Type", "application/vnd.sessiondata.java");
            exchange.getResponseHeaders().add("ETag", "\"1\"");
            exchange.sendResponseHeaders(sessionRead ? 200 : 404, sessionRead ? body.length : -1);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        service.start();
        runner = new WebApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(SessionDataSessionAutoConfiguration.class,
                        SessionAutoConfiguration.class))
                .withPropertyValues("sessiondata.client.base-uri=http://127.0.0.1:" + service.getAddress().getPort(),
                        "sessiondata.client.token=starter-test-token", "sessiondata.client.schema-exchange=false",
                        "sessiondata.client.near-cache.enabled=false");
    }

    @AfterEach
    void stopService() {
        service.stop(0);
    }

    @Test
    void aStrictClientRefusesASessionAnsweredWithoutADigest() {
        runner.withPropertyValues("sessiondata.client.require-repr-digest=true").run(context ->
                assertThatThrownBy(() -> context.getBean(SessionClient.class).get("s1", String.class))
                        .isInstanceOf(MissingDigestException.class));
    }

    @Test
    void byDefaultTheClientReadsASessionAnsweredWithoutADigestUnchecked() {
        runner.run(context -> assertThatThrownBy(() -> context.getBean(SessionClient.class).get("s1", String.class))
                .as("the bytes reach the deserializer, which finds them no serialized value")
                .isInstanceOf(SerializationException.class));
    }
}
