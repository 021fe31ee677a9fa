package dev.sessiondata.server.changes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The hand-over interval: the write interval, lengthened to keep the writes per second of many streams in budget. */
class ChangeFeedPropertiesTest {

    private static final ChangeFeedProperties DEFAULTS = new ChangeFeedProperties(Duration.ofSeconds(1), 1024, 8,
            10_000, Duration.ofMillis(10), 2000);

    @Test
    void upToTheBudgetTheStreamsAreHandedChangesEveryWriteInterval() {
        assertThat(DEFAULTS.handOverIntervalNanos(0)).isEqualTo(Duration.ofMillis(10).toNanos());
        assertThat(DEFAULTS.handOverIntervalNanos(20)).isEqualTo(Duration.ofMillis(10).toNanos());
    }

    @Test
    void beyondItTheIntervalGrowsWithTheStreamsUpToHalfAHeartbeat() {
        assertThat(DEFAULTS.handOverIntervalNanos(21)).isEqualTo(Duration.ofMillis(10).toNanos() + 500_000);
        assertThat(DEFAULTS.handOverIntervalNanos(100)).isEqualTo(Duration.ofMillis(50).toNanos());
        assertThat(DEFAULTS.handOverIntervalNanos(1000)).isEqualTo(Duration.ofMillis(500).toNanos());
        assertThat(DEFAULTS.handOverIntervalNanos(100_000)).as("a client waits two heartbeats before it gives up")
                .isEqualTo(Duration.ofMillis(500).toNanos());
    }

    @Test
    void aZeroWriteIntervalHandsEveryChangeOverOnItsOwnWhateverTheStreams() {
        ChangeFeedProperties unbatched = new ChangeFeedProperties(Duration.ofSeconds(1), 1024, 8, 10_000,
                Duration.ZERO, 2000);

        assertThat(unbatched.handOverIntervalNanos(100_000)).isZero();
    }

    @Test
    void theBudgetIsPositive() {
        assertThatThrownBy(() -> new ChangeFeedProperties(Duration.ofSeconds(1), 1024, 8, 10_000,
                Duration.ofMillis(10), 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
