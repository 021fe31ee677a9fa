package dev.sessiondata.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.serializer.SerializerSettings;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@code build()} refuses a configuration that cannot work, and sends nothing. */
class SessionClientBuilderTest {

    private static final URI SOMEWHERE = URI.create("http://127.0.0.1:1");

    @Test
    void baseUriAndTokenAreRequired() {
        assertThatThrownBy(() -> SessionClient.builder().token("t").build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("baseUri");
        assertThatThrownBy(() -> SessionClient.builder().baseUri(SOMEWHERE).build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("token");
        assertThatThrownBy(() -> SessionClient.builder().baseUri(SOMEWHERE).token(" ").build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("token");
    }

    @Test
    void baseUriMustBeHttpWithoutQuery() {
        assertThatThrownBy(() -> SessionClient.builder().baseUri(URI.create("ftp://host")).token("t").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ftp://host");
        assertThatThrownBy(() -> SessionClient.builder().baseUri(URI.create("http://host/?a=b")).token("t").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("without query");
    }

    @Test
    void anUnavailableSerializerCannotBeEnabled() {
        assertThatThrownBy(() -> SessionClient.builder().baseUri(SOMEWHERE).token("t")
                .enabledSerializers("java", "no-such-serializer").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'no-such-serializer' is not available")
                .hasMessageContaining("java");
    }

    @Test
    void aRegisteredClassMustBeOnTheAllowList() {
        assertThatThrownBy(() -> SessionClient.builder().baseUri(SOMEWHERE).token("t")
                .serializerSettings(SerializerSettings.builder().allowPackages("com.acme").build())
                .registerClasses(SessionClientBuilderTest.class).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(SessionClientBuilderTest.class.getName());
    }

    @Test
    void aRegisteredClassAChosenSerializerCannotWriteFailsTheBuildNamingBoth() {
        assertThatThrownBy(() -> SessionClient.builder().baseUri(SOMEWHERE).token("t")
                .serializerSettings(SerializerSettings.builder().allowPackages("dev.sessiondata.client").build())
                .registerClasses(NotSerializable.class).enabledSerializers("java").build())
                .isInstanceOfSatisfying(UnwritableClassException.class, e -> assertThat(e.refusals()).containsKey("java"))
                .hasMessageContaining(NotSerializable.class.getName())
                .hasMessageContaining("java cannot write");
    }

    @Test
    void buildingMakesNoSerializer() {
        int made = TextSerializerProvider.MADE.get();

        SessionClient.builder().baseUri(SOMEWHERE).token("t").build();

        assertThat(TextSerializerProvider.MADE.get()).isEqualTo(made);
    }

    @Test
    void ofTheDefaultSerializersThoseThatCannotWriteARegisteredClassAreLeftOut() {
        SessionClient client = SessionClient.builder().baseUri(SOMEWHERE).token("t")
                .serializerSettings(SerializerSettings.builder().allowPackages("dev.sessiondata.client").build())
                .registerClasses(NotSerializable.class).build();

        assertThat(client.toString()).doesNotContain("java").contains(TextSerializerProvider.ID);
    }

    /** A registered class that the java serializer cannot write. */
    static final class NotSerializable {
        String text = "";
    }

    @Test
    void aConnectTimeoutCannotBeAppliedToTheApplicationsHttpClient() {
        assertThatThrownBy(() -> SessionClient.builder().baseUri(SOMEWHERE).token("t")
                .httpClient(HttpClient.newHttpClient()).connectTimeout(Duration.ofSeconds(1)).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("connectTimeout");
    }

    @Test
    void timeoutsMustBePositive() {
        assertThatThrownBy(() -> SessionClient.builder().requestTimeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("requestTimeout");
    }

    @Test
    void buildingDoesNoIoSoAServiceThatIsNotThereFailsOnlyTheFirstCall() {
        SessionClient client = SessionClient.builder().baseUri(SOMEWHERE).token("t").build();

        assertThatThrownBy(client::connect)
                .isInstanceOf(SessionTransportException.class)
                .hasMessageContaining("GET /api/v1/serializers");
        assertThatThrownBy(() -> client.delete("any"))
                .isInstanceOf(SessionTransportException.class)
                .hasMessageContaining("DELETE /api/v1/sessions/any");
    }
}
