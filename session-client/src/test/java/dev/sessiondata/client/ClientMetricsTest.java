package dev.sessiondata.client;

import static dev.sessiondata.client.ScriptedServer.Answer;
import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** With a registry, the client times (de)serialization and requests, and records payload sizes. */
class ClientMetricsTest {

    @RegisterExtension
    final ScriptedServer server = ScriptedServer.start();

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    @Test
    void serializationPayloadSizesAndRequestsAreMeasuredPerSerializerOperationAndOutcome() throws Exception {
        SessionClient client = server.connect("java", builder -> builder.meterRegistry(registry));
        byte[] stored = SessionClientTest.java("hello");
        server.enqueue(SessionClientTest.written(201, "v1", "java"))
                .enqueue(SessionClientTest.stored("java", stored, "v1"))
                .enqueue(Answer.problem(404, "about:blank", "Not Found", "gone", ""));

        client.put("user-42", "hello");
        client.get("user-42", String.class);
        client.get("user-42", String.class);

        assertThat(registry.get("sessiondata.client.serialize").tag("serializer", "java").timer().count()).isEqualTo(1);
        assertThat(registry.get("sessiondata.client.deserialize").tag("serializer", "java").timer().count())
                .isEqualTo(1);
        assertThat(registry.get("sessiondata.client.payload.size").tags("serializer", "java", "direction", "read")
                .summary().totalAmount()).isEqualTo(stored.length);
        assertThat(registry.get("sessiondata.client.payload.size").tags("serializer", "java", "direction", "write")
                .summary().count()).isEqualTo(1);
        assertThat(registry.get("sessiondata.client.requests").tags("operation", "get", "outcome", "success")
                .timer().count()).isEqualTo(1);
        assertThat(registry.get("sessiondata.client.requests").tags("operation", "get", "outcome", "not_found")
                .timer().count()).isEqualTo(1);
        assertThat(registry.get("sessiondata.client.requests").tags("operation", "put", "outcome", "success")
                .timer().count()).isEqualTo(1);
        assertThat(registry.get("sessiondata.client.requests").tags("operation", "serializers", "outcome", "success")
                .timer().count()).isEqualTo(1);
    }
}
