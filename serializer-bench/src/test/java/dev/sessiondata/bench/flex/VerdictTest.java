package dev.sessiondata.bench.flex;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A verdict's detail carries no identity hash, so two runs with the same outcomes write the same matrix. */
class VerdictTest {

    @Test
    void identityHashesAreDroppedFromEveryDetail() {
        assertThat(Verdict.fail("read objects are: [dev.sessiondata.bench.flex.evolve.Ticket@2436ea2f]...").detail())
                .isEqualTo("read objects are: [dev.sessiondata.bench.flex.evolve.Ticket]...");
        assertThat(Verdict.pass("read dev.sessiondata.bench.flex.model.FinalFields@5ceebd0").detail())
                .isEqualTo("read dev.sessiondata.bench.flex.model.FinalFields");
        assertThat(Verdict.notRun("Outer$Inner@1f and Plain@abcd").detail()).isEqualTo("Outer$Inner@1f and Plain");
    }

    @Test
    void textWithoutIdentityHashesIsKept() {
        String detail = "ZonedDateTime 2026-03-14T10:26:53.589793238+01:00[Europe/Berlin] read as user@example";
        assertThat(Verdict.fail(detail).detail()).isEqualTo(detail);
    }
}
