package dev.sessiondata.client;

import static dev.sessiondata.client.ScriptedServer.Answer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.api.DescriptorBatch;
import dev.sessiondata.client.onenio.OneNioRepository;
import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** With One Nio active, the handshake exchanges descriptors of the registered classes and what they reach. */
class OneNioHandshakeTest {

    private static final String DESCRIPTORS = "application/vnd.sessiondata.one-nio-descriptors";

    @RegisterExtension
    final ScriptedServer server = ScriptedServer.start();


    private SessionClientBuilder builder() {
        return SessionClient.builder().baseUri(server.uri()).token(SessionClientTest.TOKEN)
                .serializerSettings(SerializerSettings.builder().allowPackages("dev.sessiondata.client").build())
                .registerClasses(Basket.class);
    }

    @Test
    void theHandshakeUploadsTheRegisteredClassesAndWhatTheyReachThenDownloadsEveryDescriptor() throws Exception {
        server.enqueue(SessionClientTest.serializers("one-nio"))
                .enqueue(Answer.status(204))
                .enqueue(Answer.status(200).body(DESCRIPTORS, DescriptorBatch.encode(List.of())));

        builder().build();

        server.takeRequest();
        ScriptedServer.Recorded upload = server.takeRequest();
        assertThat(upload.method()).isEqualTo("PUT");
        assertThat(upload.target()).isEqualTo("/api/v1/serializers/one-nio/descriptors");
        List<ClassDescriptor> uploaded = DescriptorBatch.decode(upload.body());
        assertThat(uploaded).containsExactlyElementsOf(new OneNioRepository(SerializerSettings.builder()
                .allowPackages("dev.sessiondata.client").build()).export(List.of(Basket.class)));
        assertThat(uploaded).extracting(descriptor -> new String(descriptor.bytes(), StandardCharsets.ISO_8859_1))
                .anySatisfy(text -> assertThat(text).contains("dev.sessiondata.client.Basket$Line"))
                .anySatisfy(text -> assertThat(text).contains("java.math.BigDecimal"));
        ScriptedServer.Recorded download = server.takeRequest();
        assertThat(download.method()).isEqualTo("GET");
        assertThat(download.target()).isEqualTo("/api/v1/serializers/one-nio/descriptors");
    }

    @Test
    void withTheExchangeOffNoDescriptorIsSentOrFetched() throws Exception {
        server.enqueue(SessionClientTest.serializers("one-nio"));

        SessionClient client = builder().oneNioDescriptorExchange(false).build();

        server.takeRequest();
        assertThat(server.pendingRequests()).isZero();
        assertThat(client.activeSerializer()).isEqualTo("one-nio");
    }

    @Test
    void withTheExchangeOffAnUnknownClassUidIsAClearError() throws Exception {
        server.enqueue(SessionClientTest.serializers("one-nio"));
        SessionClient client = builder().oneNioDescriptorExchange(false).build();
        // compact mode writes a class as its 8-byte uid; this one no application ever described
        byte[] unknownUid = {0x12, 0x34, 0x56, 0x78, (byte) 0x9a, (byte) 0xbc, (byte) 0xde, (byte) 0xf0, 0};
        server.enqueue(SessionClientTest.stored("one-nio", unknownUid, "v1"));

        assertThatThrownBy(() -> client.get("basket", Basket.class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("One Nio descriptor exchange is switched off");
    }
}
