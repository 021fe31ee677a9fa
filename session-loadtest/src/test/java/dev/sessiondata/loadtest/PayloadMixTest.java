package dev.sessiondata.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class PayloadMixTest {

    private static final List<PayloadMix.Share> SMALL = List.of(
            new PayloadMix.Share("1KB", 1024, 70, 3),
            new PayloadMix.Share("10KB", 10 * 1024, 30, 2));

    private final PayloadMix mix = PayloadMix.create("java", SMALL, 42);

    @Test
    void everyHundredSessionsHoldTheSharesExactly() {
        Map<String, Long> classes = LongStream.range(200, 300).mapToObj(mix::payload)
                .collect(Collectors.groupingBy(Payload::sizeClass, Collectors.counting()));

        assertThat(classes).containsExactlyInAnyOrderEntriesOf(Map.of("1KB", 70L, "10KB", 30L));
    }

    @Test
    void bodiesAreWhatTheSerializerWroteForContextsOfTheTargetSize() {
        assertThat(mix.payload(firstOf("1KB")).bytes().length).isBetween(1024 - 16, 1024 + 16);
        assertThat(mix.payload(firstOf("10KB")).bytes().length).isBetween(10 * 1024 - 205, 10 * 1024 + 205);
        assertThat(mix.payload(0).bytes()).startsWith(0xAC, 0xED);
    }

    @Test
    void aReplacementKeepsTheSizeClassAndChangesTheContent() {
        for (long sequence = 0; sequence < 100; sequence++) {
            Payload original = mix.payload(sequence);
            Payload replacement = mix.replacement(sequence, 0);

            assertThat(replacement.sizeClass()).isEqualTo(original.sizeClass());
            assertThat(replacement.md5()).isNotEqualTo(original.md5());
        }
    }

    @Test
    void theSameSeedGivesTheSameSequence() {
        PayloadMix again = PayloadMix.create("java", SMALL, 42);

        Function<PayloadMix, List<String>> digests = m -> LongStream.range(0, 300).mapToObj(m::payload).map(Payload::md5).toList();
        assertThat(digests.apply(again)).isEqualTo(digests.apply(mix));
    }

    @Test
    void sharesThatDoNotAddUpToAHundredAreRefused() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> PayloadMix.create("java", List.of(new PayloadMix.Share("1KB", 1024, 99, 1)), 1))
                .withMessageContaining("100 percent");
    }

    private long firstOf(String sizeClass) {
        return LongStream.range(0, 100).filter(sequence -> mix.payload(sequence).sizeClass().equals(sizeClass))
                .findFirst().orElseThrow();
    }
}
