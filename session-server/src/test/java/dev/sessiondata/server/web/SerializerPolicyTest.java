package dev.sessiondata.server.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.api.ProblemType;
import java.util.List;
import org.junit.jupiter.api.Test;

class SerializerPolicyTest {

    private static final List<String> AVAILABLE = List.of("java", "kryo", "one-nio");

    @Test
    void anEmptyAcceptedListAcceptsEveryAvailableSerializer() {
        assertThat(SerializerPolicy.of("kryo", List.of(), AVAILABLE).info().accepted()).isEqualTo(AVAILABLE);
    }

    @Test
    void anUnavailableActiveSerializerIsRefusedWithTheAvailableOnes() {
        assertThatThrownBy(() -> SerializerPolicy.of("fst", List.of(), AVAILABLE))
                .isInstanceOf(SerializerConfigurationException.class)
                .hasMessage("sessiondata.serializer.active 'fst' is not an available serializer; available: [java, kryo, one-nio]");
    }

    @Test
    void anUnavailableAcceptedSerializerIsRefused() {
        assertThatThrownBy(() -> SerializerPolicy.of("java", List.of("java", "fory"), AVAILABLE))
                .hasMessageContaining("sessiondata.serializer.accepted names serializers that are not available: [fory]");
    }

    @Test
    void anActiveSerializerOutsideTheAcceptedOnesIsRefused() {
        assertThatThrownBy(() -> SerializerPolicy.of("kryo", List.of("one-nio"), AVAILABLE))
                .hasMessageContaining("sessiondata.serializer.active 'kryo' is not in sessiondata.serializer.accepted [one-nio]");
    }

    @Test
    void aBodyOfAnAcceptedSerializerNamesItsSerializer() {
        SerializerPolicy policy = SerializerPolicy.of("one-nio", List.of("one-nio", "kryo"), AVAILABLE);

        assertThat(policy.requireAccepted("application/vnd.sessiondata.kryo")).isEqualTo("kryo");
        assertThat(policy.requireAccepted("Application/Vnd.Sessiondata.one-nio; charset=binary")).isEqualTo("one-nio");
    }

    @Test
    void aBodyOfAnotherSerializerOrMediaTypeIsRefusedWithTheAcceptedOnes() {
        SerializerPolicy policy = SerializerPolicy.of("one-nio", List.of("one-nio"), AVAILABLE);

        for (String contentType : new String[] {"application/vnd.sessiondata.java", "application/json", null}) {
            assertThatThrownBy(() -> policy.requireAccepted(contentType))
                    .isInstanceOfSatisfying(ApiProblemException.class, problem -> {
                        assertThat(problem.type()).isEqualTo(ProblemType.UNSUPPORTED_SERIALIZER);
                        assertThat(problem.properties()).containsEntry("accepted", List.of("one-nio"));
                    });
        }
    }
}
