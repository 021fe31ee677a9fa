package dev.sessiondata.client.internal.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class OnceEachTest {

    private final OnceEach<String> once = new OnceEach<>();

    @Test
    void aSuccessIsRememberedPerKey() {
        AtomicInteger runs = new AtomicInteger();

        once.run("a", runs::incrementAndGet);
        once.run("a", runs::incrementAndGet);
        once.run("b", runs::incrementAndGet);

        assertThat(runs).hasValue(2);
    }

    @Test
    void aFailureIsReportedAndForgottenSoTheNextCallTriesAgain() {
        AtomicInteger runs = new AtomicInteger();

        assertThatThrownBy(() -> once.run("a", () -> {
            runs.incrementAndGet();
            throw new IllegalStateException("down");
        })).hasMessage("down");
        once.run("a", runs::incrementAndGet);

        assertThat(runs).hasValue(2);
    }

    @Test
    void aKeyMarkedDoneNeverRuns() {
        AtomicInteger runs = new AtomicInteger();
        once.markDone("a");

        once.run("a", runs::incrementAndGet);

        assertThat(runs).hasValue(0);
    }
}
