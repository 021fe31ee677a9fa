package dev.sessiondata.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.api.ProblemType;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

class WriteAdmissionTest {

    private static final long MAX_BODY = 1024 * 1024;

    private static WriteAdmission admission(long maxBodyBytes, int maxWrites) {
        return new WriteAdmission(new OverloadProperties(DataSize.ofBytes(maxBodyBytes), maxWrites, 3, null, null));
    }

    @Test
    void writesWithinTheByteBoundAreAdmittedAndOneBeyondItIsRefusedWith503() {
        WriteAdmission admission = admission(3 * MAX_BODY, 10);
        var first = admission.admit(MAX_BODY, MAX_BODY);
        var second = admission.admit(MAX_BODY, MAX_BODY);
        var third = admission.admit(MAX_BODY, MAX_BODY);

        assertThatThrownBy(() -> admission.admit(1, MAX_BODY))
                .isInstanceOfSatisfying(ApiProblemException.class, problem -> {
                    assertThat(problem.type()).isEqualTo(ProblemType.STORE_UNAVAILABLE);
                    assertThat(problem.properties()).containsEntry("overloaded", true);
                });
        first.close();
        second.close();
        third.close();
    }

    @Test
    void closingAPermitGivesItsBytesBackOnceOnly() {
        WriteAdmission admission = admission(MAX_BODY, 10);
        var permit = admission.admit(MAX_BODY, MAX_BODY);
        permit.close();
        permit.close();

        var again = admission.admit(MAX_BODY, MAX_BODY);
        assertThatThrownBy(() -> admission.admit(MAX_BODY, MAX_BODY)).isInstanceOf(ApiProblemException.class);
        again.close();
    }

    @Test
    void aBodyOfUnknownLengthCountsAsTheLargestAllowed() {
        WriteAdmission admission = admission(MAX_BODY, 10);
        var chunked = admission.admit(-1, MAX_BODY);

        assertThatThrownBy(() -> admission.admit(1, MAX_BODY)).isInstanceOf(ApiProblemException.class);
        chunked.close();
        admission.admit(1, MAX_BODY).close();
    }

    @Test
    void theBoundOfConcurrentWritesRefusesTheNextWrite() {
        WriteAdmission admission = admission(100 * MAX_BODY, 2);
        var first = admission.admit(10, MAX_BODY);
        var second = admission.admit(10, MAX_BODY);

        assertThatThrownBy(() -> admission.admit(10, MAX_BODY)).isInstanceOf(ApiProblemException.class);
        first.close();
        admission.admit(10, MAX_BODY).close();
        second.close();
    }

    @Test
    void theByteBoundDefaultsToASixteenthOfTheHeap() {
        OverloadProperties defaults = new OverloadProperties(null, null, null, null, null);

        assertThat(defaults.maxBodyBytes().toBytes()).isEqualTo(Runtime.getRuntime().maxMemory() / 16);
        assertThat(defaults.maxConcurrentWrites()).isEqualTo(OverloadProperties.DEFAULT_MAX_CONCURRENT_WRITES);
        assertThat(defaults.retryAfterSeconds()).isEqualTo(1);
    }
}
