package dev.sessiondata.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.workload.model.SessionContext;
import dev.sessiondata.workload.PayloadSize;
import dev.sessiondata.workload.SizedContext;
import dev.sessiondata.serializer.SessionSerializer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class BenchSerializersTest {

    @ParameterizedTest
    @EnumSource(value = PayloadSize.class, names = "EMPTY", mode = EnumSource.Mode.EXCLUDE)
    void theRaceWorkloadHitsEverySizeForTheReferenceSerializer(PayloadSize size) {
        SizedContext sized = BenchSerializers.workload(size);
        SessionSerializer reference = BenchSerializers.create(BenchSerializers.referenceId());

        assertThat(BenchSerializers.referenceId()).isEqualTo(KnownSerializers.ONE_NIO);
        assertThat(sized.withinTolerance()).as("%s measured %d B", size, sized.measuredBytes()).isTrue();
        assertThat(reference.serialize(sized.context())).hasSize(sized.measuredBytes());
        assertThat(BenchSerializers.verifiedRoundTrip(reference, sized.context(), SessionContext.class))
                .isEqualTo(sized.context());
    }
}
