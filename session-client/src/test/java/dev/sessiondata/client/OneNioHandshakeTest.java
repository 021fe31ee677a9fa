package dev.sessiondata.client;

import static dev.sessiondata.client.ScriptedServer.Answer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.api.DescriptorBatch;
import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.SchemaExchangingSerializer;
import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializers;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * With One Nio's compact mode active (a serializer that exchanges schemas), the handshake exchanges the descriptors of
 * the registered classes and what they reach.
 */
class OneNioHandshakeTest {

    private static final String ONE_NIO = KnownSerializers.ONE_NIO;

    @RegisterExtension
    final ScriptedServer server = ScriptedServer.start();


    private SessionClientBuilder builder() {
        return SessionClient.builder().baseUri(server.uri()).token(SessionClientTest.TOKEN)
                .serializerSettings(SerializerSettings.builder().allowPackages("dev.sessiondata.client").build())
                .registerClasses(Basket.class);
    }

    @Test
    void theHandshakeUploadsTheRegisteredClassesAndWhatTheyReachAndDownloadsNothing() throws Exception {
        server.enqueue(SessionClientTest.serializers(ONE_NIO))
                .enqueue(Answer.status(204));

        builder().build().connect();

        server.takeRequest();
        ScriptedServer.Recorded upload = server.takeRequest();
        assertThat(upload.method()).isEqualTo("PUT");
        assertThat(upload.target()).isEqualTo("/api/v1/serializers/one-nio/descriptors");
        List<ClassDescriptor> uploaded = DescriptorBatch.decode(upload.body());
        SchemaExchangingSerializer oneNio = (SchemaExchangingSerializer) SessionSerializers.create(ONE_NIO,
                SerializerSettings.builder().allowPackages("dev.sessiondata.client").build());
        assertThat(uploaded).containsExactlyElementsOf(oneNio.schemasOf(List.of(Basket.class)));
        assertThat(uploaded).extracting(descriptor -> new String(descriptor.bytes(), StandardCharsets.ISO_8859_1))
                .anySatisfy(text -> assertThat(text).contains("dev.sessiondata.client.Basket$Line"))
                .anySatisfy(text -> assertThat(text).contains("java.math.BigDecimal"));
        assertThat(server.pendingRequests()).isZero();
    }

    @Test
    void withTheExchangeOffNoDescriptorIsSentOrFetched() throws Exception {
        server.enqueue(SessionClientTest.serializers(ONE_NIO));

        SessionClient client = builder().schemaExchange(false).build().connect();

        server.takeRequest();
        assertThat(server.pendingRequests()).isZero();
        assertThat(client.toString()).contains("active=" + ONE_NIO);
    }

    @Test
    void withTheExchangeOffAnUnknownClassUidIsAClearError() throws Exception {
        server.enqueue(SessionClientTest.serializers(ONE_NIO));
        SessionClient client = builder().schemaExchange(false).build().connect();
        // compact mode writes a class as its 8-byte uid; this one no application ever described
        byte[] unknownUid = {0x12, 0x34, 0x56, 0x78, (byte) 0x9a, (byte) 0xbc, (byte) 0xde, (byte) 0xf0, 0};
        server.enqueue(SessionClientTest.stored(ONE_NIO, unknownUid, "v1"));

        assertThatThrownBy(() -> client.get("basket", Basket.class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("the schema exchange is switched off");
    }
}
