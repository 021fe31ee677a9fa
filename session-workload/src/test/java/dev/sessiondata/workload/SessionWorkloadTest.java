package dev.sessiondata.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.workload.model.SessionContext;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SessionWorkloadTest {

    private static final ToIntFunction<Object> JAVA = ReferenceMeasures.javaSerialization();

    private final SessionWorkload workload = new SessionWorkload(SessionWorkload.DEFAULT_SEED);

    @ParameterizedTest
    @EnumSource(value = PayloadSize.class, names = {"KB1", "KB10", "KB100", "MB1"})
    void hitsTheTargetSizeWithinToleranceForTheMeasureItWasBuiltFor(PayloadSize size) {
        SizedContext sized = workload.create(size, JAVA);

        assertThat(sized.withinTolerance()).as("%s measured %d B", size, sized.measuredBytes()).isTrue();
        assertThat(JAVA.applyAsInt(sized.context())).isEqualTo(sized.measuredBytes());
    }

    @Test
    void hitsOneHundredBytesForACompactMeasure() {
        // A measure that, like one-nio or Kryo, spends a few bytes on the classes: java.io minus its descriptors.
        int descriptors = JAVA.applyAsInt(workload.shape(1, 0)) - 400;
        SizedContext sized = workload.create(PayloadSize.B100, value -> JAVA.applyAsInt(value) - descriptors);

        assertThat(sized.withinTolerance()).as("measured %d B", sized.measuredBytes()).isTrue();
    }

    @Test
    void largerContextsCarryAUserWorkflowAttributesEventsAndState() {
        SessionContext context = workload.create(PayloadSize.KB10, JAVA).context();

        assertThat(context.getUser()).isNotNull();
        assertThat(context.getWorkflow()).isNotEmpty();
        assertThat(context.getAttributes()).hasSizeGreaterThan(2);
        assertThat(context.getEvents()).isNotEmpty();
        assertThat(context.getCreatedAt()).isNotNull();
        assertThat(context.getExpiresAt()).isNotNull();
    }

    @Test
    void theEmptySizeIsANewContextWithNoFieldSet() {
        SizedContext sized = workload.create(PayloadSize.EMPTY, JAVA);

        assertThat(sized.context()).isEqualTo(new SessionContext());
        assertThat(sized.measuredBytes()).isEqualTo(JAVA.applyAsInt(new SessionContext()));
    }

    @Test
    void aTargetBelowTheSmallestContextGivesTheSmallestContextAndSaysItMissed() {
        SizedContext sized = workload.create(PayloadSize.B100, JAVA);

        assertThat(sized.context()).isEqualTo(workload.shape(0, 0));
        assertThat(sized.withinTolerance()).isFalse();
    }

    @Test
    void theSameSeedGivesAnEqualContextAndAnotherSeedAnotherOne() {
        SessionContext first = workload.create(PayloadSize.KB10, JAVA).context();
        SessionContext again = new SessionWorkload(SessionWorkload.DEFAULT_SEED).create(PayloadSize.KB10, JAVA).context();
        SessionContext other = new SessionWorkload(7).create(PayloadSize.KB10, JAVA).context();

        assertThat(again).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
    }

    @Test
    void aLargerShapeExtendsASmallerOne() {
        SessionContext small = workload.shape(3, 0);
        SessionContext large = workload.shape(5, 0);

        assertThat(large.getWorkflow()).startsWith(small.getWorkflow().toArray(new dev.sessiondata.workload.model.WorkflowStep[0]));
        assertThat(large.getUser()).isEqualTo(small.getUser());
    }

    @Test
    void theModelRoundTripsThroughJavaSerialization() throws Exception {
        SessionContext context = workload.create(PayloadSize.KB10, JAVA).context();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(context);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            assertThat(in.readObject()).isEqualTo(context);
        }
    }

    @Test
    void aNegativeTargetIsRefused() {
        assertThatThrownBy(() -> workload.create(-1, JAVA)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("targetBytes");
    }

    @Test
    void sizesAreNamedByTheirLabels() {
        assertThat(PayloadSize.ofLabel("1MB")).isEqualTo(PayloadSize.MB1);
        assertThatThrownBy(() -> PayloadSize.ofLabel("2MB")).hasMessageContaining("0B, 100B, 1KB");
    }
}
