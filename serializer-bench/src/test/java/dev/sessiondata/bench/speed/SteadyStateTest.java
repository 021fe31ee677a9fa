package dev.sessiondata.bench.speed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.bench.speed.SteadyState.Window;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SteadyStateTest {

    @Test
    void levelRatesWithTheCompilersQuietAreSteady() {
        assertThat(SteadyState.isSteady(windows(SteadyState.MIN_WINDOWS, 1000, 0, 0))).isTrue();
    }

    @Test
    void fewerWindowsThanTheMinimumAreNotSteadyYet() {
        assertThat(SteadyState.isSteady(windows(SteadyState.MIN_WINDOWS - 1, 1000, 0, 0))).isFalse();
    }

    @Test
    void ratesStillRisingAreNotSteady() {
        List<Window> windows = windows(SteadyState.MIN_WINDOWS - 5, 1000, 0, 0);
        windows.addAll(windows(5, 1100, 0, 0));

        assertThat(SteadyState.isSteady(windows)).isFalse();
    }

    @Test
    void aLoadedClassInTheLastWindowsIsNotSteadyEvenAtLevelRates() {
        // Fory loading the serializer it generated in the background: the rate jumps only after it
        List<Window> windows = windows(SteadyState.MIN_WINDOWS - 1, 1000, 0, 0);
        windows.add(new Window(1000, 1, 0));

        assertThat(SteadyState.isSteady(windows)).isFalse();
    }

    @Test
    void theJitCompilingForMoreThanItsShareOfTheLastWindowsIsNotSteady() {
        List<Window> windows = windows(SteadyState.MIN_WINDOWS - 1, 1000, 0, 0);
        windows.add(new Window(1000, 0, SteadyState.QUIET_COMPILE_PERCENT * SteadyState.WINDOWS
                * SteadyState.WINDOW_MILLIS / 100));

        assertThat(SteadyState.isSteady(windows)).isFalse();
    }

    @Test
    void reachRunsTheOperationAndSaysHowItEnded() {
        int[] runs = new int[1];

        String line = SteadyState.reach(() -> runs[0]++, 5_000);

        assertThat(runs[0]).isPositive();
        assertThat(line).containsPattern("^(steady|not steady) after \\d+ ms; operations per 100 ms window: \\d+");
    }

    private static List<Window> windows(int count, long operations, long classes, long compileMillis) {
        List<Window> windows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            windows.add(new Window(operations, classes, compileMillis));
        }
        return windows;
    }
}
