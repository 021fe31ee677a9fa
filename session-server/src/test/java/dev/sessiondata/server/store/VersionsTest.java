package dev.sessiondata.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class VersionsTest {

    @Test
    void versionsAreSixteenHexDigitsAndNeverRepeatAcrossThreads() {
        Set<String> versions = ConcurrentHashMap.newKeySet();
        List<CompletableFuture<Void>> writers = IntStream.range(0, 4)
                .mapToObj(thread -> CompletableFuture.runAsync(() -> {
                    for (int i = 0; i < 25_000; i++) {
                        versions.add(Versions.next());
                    }
                }))
                .toList();
        writers.forEach(CompletableFuture::join);

        assertThat(versions).hasSize(100_000).allMatch(version -> version.matches("[0-9a-f]{16}"));
    }
}
