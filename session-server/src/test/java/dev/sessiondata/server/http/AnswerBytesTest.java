package dev.sessiondata.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

class AnswerBytesTest {

    private static final long KIB = 1024;

    /** A bound of 64 KiB: large answers hold at most 48 KiB, answers up to {@code small} are small. */
    private static AnswerBytes bound(long small) {
        return new AnswerBytes(new OverloadProperties(null, null, null, DataSize.ofKilobytes(64),
                DataSize.ofBytes(small)));
    }

    @Test
    void largeAnswersHoldAtMostThreeQuartersAndSmallOnesTheRest() {
        AnswerBytes answers = bound(4 * KIB);

        assertThat(answers.tryTake(40 * KIB)).isEqualTo(40 * KIB);
        assertThat(answers.tryTake(8 * KIB + 1)).as("beyond the large share").isNegative();
        assertThat(answers.tryTake(4 * KIB)).as("a small one within the whole bound").isEqualTo(4 * KIB);
        assertThat(answers.held()).isEqualTo(44 * KIB);

        answers.release(40 * KIB);
        assertThat(answers.tryTake(8 * KIB + 1)).isEqualTo(8 * KIB + 1);
    }

    @Test
    void anAnswerLargerThanTheLargeShareTakesAllOfItWhenNothingIsHeld() {
        AnswerBytes answers = bound(4 * KIB);

        assertThat(answers.tryTake(16 * 1024 * KIB)).isEqualTo(48 * KIB);
        assertThat(answers.tryTake(1 * KIB)).as("small answers still fit").isEqualTo(1 * KIB);
        answers.release(48 * KIB);
        answers.release(1 * KIB);
        assertThat(answers.tryTake(1 * KIB)).isEqualTo(1 * KIB);
        assertThat(answers.tryTake(16 * 1024 * KIB)).as("not while anything is held").isNegative();
    }

    @Test
    void aReservationTakesWhatTheLargeShareHasRoomForAndNoneWhenItIsFull() {
        AnswerBytes answers = bound(4 * KIB);

        assertThat(answers.reserveUpTo(32 * KIB)).isEqualTo(32 * KIB);
        assertThat(answers.reserveUpTo(32 * KIB)).isEqualTo(16 * KIB);
        assertThat(answers.reserveUpTo(32 * KIB)).isZero();
        assertThat(answers.tryTake(4 * KIB)).as("the small quarter stays").isEqualTo(4 * KIB);
    }

    @Test
    void theSmallAnswerSizeIsAtMostAQuarterOfTheBound() {
        assertThat(bound(64 * KIB).smallAnswerBytes()).isEqualTo(16 * KIB);
        assertThat(bound(64 * KIB).largeAnswerBytes()).isEqualTo(48 * KIB);
        assertThat(new AnswerBytes(new OverloadProperties(null, null, null, DataSize.ofMegabytes(16), null))
                .smallAnswerBytes()).isEqualTo(64 * KIB);
    }
}
