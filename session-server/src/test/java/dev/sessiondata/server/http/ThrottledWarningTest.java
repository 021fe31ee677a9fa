package dev.sessiondata.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ThrottledWarningTest {

    private static final long SECOND = Duration.ofSeconds(1).toNanos();

    @Test
    void theFirstLineIsWrittenThenOnePerIntervalWithHowManyWereLeftOut() {
        ThrottledWarning warning = new ThrottledWarning(Duration.ofSeconds(10), 5 * SECOND);

        assertThat(warning.admit(5 * SECOND)).isZero();
        assertThat(warning.admit(6 * SECOND)).isEqualTo(-1);
        assertThat(warning.admit(14 * SECOND)).isEqualTo(-1);
        assertThat(warning.admit(15 * SECOND)).isEqualTo(2);
        assertThat(warning.admit(16 * SECOND)).isEqualTo(-1);
        assertThat(warning.admit(40 * SECOND)).isEqualTo(1);
        assertThat(warning.admit(60 * SECOND)).isZero();
    }

    @Test
    void theSuffixSaysHowManyWereLeftOut() {
        ThrottledWarning warning = new ThrottledWarning(Duration.ofSeconds(10), 0);

        assertThat(warning.suffix(0)).isEmpty();
        assertThat(warning.suffix(3)).isEqualTo(" (and 3 more like it since the last one, not logged)");
    }
}
