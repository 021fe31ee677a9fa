package dev.sessiondata.bench.flex;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The probes judged against java.io serialization, whose behaviour on each criterion is documented by the JDK. */
class RoundTripProbesTest {

    private final SessionSerializer java = SessionSerializers.create("java", SerializerSettings.builder()
            .allowPackages("dev.sessiondata.bench.flex").build());

    @Test
    void javaSerializationPassesEverySingleJvmCriterion() {
        Map<String, Verdict> verdicts = RoundTripProbes.all().entrySet().stream().collect(Collectors.toMap(
                Map.Entry::getKey, e -> RoundTripProbes.run(e.getValue(), java)));

        assertThat(verdicts).allSatisfy((criterion, verdict) ->
                assertThat(verdict.pass()).as(criterion + ": " + verdict.detail()).isTrue());
    }

    @Test
    void everyProbeIsACriterionOfTheMatrix() {
        assertThat(Criterion.ALL.stream().map(Criterion::key))
                .containsAll(RoundTripProbes.all().keySet())
                .hasSizeGreaterThanOrEqualTo(20 + 3);
    }

    @Test
    void aProbeThatThrowsFailsWithTheExceptionInsteadOfEndingTheRun() {
        Function<SessionSerializer, Verdict> throwing = serializer -> {
            throw new IllegalStateException("boom");
        };

        Verdict verdict = RoundTripProbes.run(throwing, java);

        assertThat(verdict.pass()).isFalse();
        assertThat(verdict.detail()).contains("IllegalStateException", "boom");
    }

    @Test
    void aSerializerThatLosesMapOrderFailsTheOrderProbe() {
        SessionSerializer reordering = new SessionSerializer() {
            @Override
            public String id() {
                return "reordering";
            }

            @Override
            public byte[] serialize(Object value) {
                return java.serialize(value);
            }

            @Override
            public <T> T deserialize(byte[] data, Class<T> type) {
                T read = java.deserialize(data, type);
                var holder = (dev.sessiondata.bench.flex.model.MapHolder) read;
                holder.setValues(new java.util.TreeMap<>(holder.getValues()));
                return read;
            }
        };

        Verdict verdict = RoundTripProbes.run(RoundTripProbes.all().get("linked-hash-map-order"), reordering);

        assertThat(verdict.pass()).isFalse();
        assertThat(verdict.detail()).contains("TreeMap");
    }
}
