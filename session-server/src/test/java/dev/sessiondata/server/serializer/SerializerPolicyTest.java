package dev.sessiondata.server.serializer;

import dev.sessiondata.server.http.ApiProblemException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.api.ProblemType;
import java.util.List;
import org.junit.jupiter.api.Test;

class SerializerPolicyTest {

    private static final List<String> KNOWN = List.of("java", "kryo", KnownSerializers.ONE_NIO);

    @Test
    void anEmptyAcceptedListAcceptsEveryKnownSerializer() {
        assertThat(SerializerPolicy.of("kryo", List.of(), KNOWN).info().accepted()).isEqualTo(KNOWN);
    }

    @Test
    void anUnknownActiveSerializerIsRefusedWithTheKnownOnes() {
        assertThatThrownBy(() -> SerializerPolicy.of("fst", List.of(), KNOWN))
                .isInstanceOf(SerializerConfigurationException.class)
                .hasMessage("sessiondata.serializer.active 'fst' is not a known serializer; known: [java, kryo, one-nio]");
    }

    @Test
    void anUnknownAcceptedSerializerIsRefused() {
        assertThatThrownBy(() -> SerializerPolicy.of("java", List.of("java", "fory"), KNOWN))
                .hasMessageContaining("sessiondata.serializer.accepted names serializers that are not known: [fory]");
    }

    @Test
    void anActiveSerializerOutsideTheAcceptedOnesIsRefused() {
        assertThatThrownBy(() -> SerializerPolicy.of("kryo", List.of(KnownSerializers.ONE_NIO), KNOWN))
                .hasMessageContaining("sessiondata.serializer.active 'kryo' is not in sessiondata.serializer.accepted [one-nio]");
    }

    @Test
    void aBodyOfAnAcceptedSerializerNamesItsSerializer() {
        SerializerPolicy policy = SerializerPolicy.of(KnownSerializers.ONE_NIO, List.of(KnownSerializers.ONE_NIO, "kryo"), KNOWN);

        assertThat(policy.requireAccepted("application/vnd.sessiondata.kryo")).isEqualTo("kryo");
        assertThat(policy.requireAccepted("Application/Vnd.Sessiondata.one-nio; charset=binary")).isEqualTo(KnownSerializers.ONE_NIO);
    }

    @Test
    void theIdOfAnAcceptedBodyIsTheConfiguredInstanceNotTheTextCutFromItsContentType() {
        String kryo = new String("kryo");
        SerializerPolicy policy = SerializerPolicy.of(KnownSerializers.ONE_NIO, List.of(KnownSerializers.ONE_NIO, kryo), KNOWN);

        assertThat(policy.requireAccepted("application/vnd.sessiondata.KRYO")).isSameAs(kryo);
        assertThat(policy.requireAccepted("application/vnd.sessiondata.kryo")).isSameAs(kryo);
    }

    @Test
    void aBodyOfAnotherSerializerOrMediaTypeIsRefusedWithTheAcceptedOnes() {
        SerializerPolicy policy = SerializerPolicy.of(KnownSerializers.ONE_NIO, List.of(KnownSerializers.ONE_NIO), KNOWN);

        for (String contentType : new String[] {"application/vnd.sessiondata.java", "application/json", null}) {
            assertThatThrownBy(() -> policy.requireAccepted(contentType))
                    .isInstanceOfSatisfying(ApiProblemException.class, problem -> {
                        assertThat(problem.type()).isEqualTo(ProblemType.UNSUPPORTED_SERIALIZER);
                        assertThat(problem.properties()).containsEntry("accepted", List.of(KnownSerializers.ONE_NIO));
                    });
        }
    }
}
