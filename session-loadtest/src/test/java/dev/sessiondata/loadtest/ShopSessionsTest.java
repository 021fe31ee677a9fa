package dev.sessiondata.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ShopSessionsTest {

    @Test
    void everyCartLineIsAHundredCharactersSoACartOfNBytesHasNOverAHundredLines() {
        assertThat(IntStream.range(0, 2_000).mapToObj(ShopSessions::line)).allSatisfy(line ->
                assertThat(line).hasSize(100).startsWith("sku-").contains(" EUR"));
    }

    @Test
    void cartLinesDifferFromEachOther() {
        assertThat(IntStream.range(0, 1_024).mapToObj(ShopSessions::line).distinct()).hasSize(1_024);
    }
}
