package dev.sessiondata.client.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class UpdatePolicyTest {

    private final UpdatePolicy policy = new UpdatePolicy(10, Duration.ofMillis(4), Duration.ofMillis(20));

    @Test
    void theCeilingOfThePauseDoublesUpToTheMaximum() {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 1_000; i++) {
            assertThat(policy.backoff(1, random)).isBetween(Duration.ZERO, Duration.ofMillis(4));
            assertThat(policy.backoff(2, random)).isBetween(Duration.ZERO, Duration.ofMillis(8));
            assertThat(policy.backoff(9, random)).isBetween(Duration.ZERO, Duration.ofMillis(20));
        }
    }

    @Test
    void pausesAreSpreadRatherThanInLockstep() {
        SplittableRandom random = new SplittableRandom(11);
        assertThat(java.util.stream.IntStream.range(0, 100).mapToObj(i -> policy.backoff(3, random)).distinct().count())
                .isGreaterThan(50);
    }

    @Test
    void fewerThanOneAttemptOrAnInvertedBackoffIsRefused() {
        assertThatThrownBy(() -> new UpdatePolicy(0, Duration.ZERO, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new UpdatePolicy(1, Duration.ofMillis(2), Duration.ofMillis(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
