package dev.sessiondata.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class JmhGroupTest {

    @Test
    void pointsCountTheGivenParametersAndTheBenchmarksOwnDefaults() {
        Map<String, Integer> points = JmhGroup.all(List.of("java", "kryo"), List.of("0B", "1KB", "1MB"), List.of("kryo"))
                .stream().collect(Collectors.toMap(JmhGroup::name, JmhGroup::points));

        assertThat(points).containsEntry(JmhGroup.SPEED, 3 * 2 * 3)
                .containsEntry(JmhGroup.COLD_START, 2)
                .containsEntry(JmhGroup.LEGACY, 3)
                .containsEntry(JmhGroup.TIME_TYPES, 2 * 3)
                .containsEntry(JmhGroup.SPI_OVERHEAD, 2 * 2);
    }

    @Test
    void theDecisionProfileRunsOnlyRoundTripsAndTheSpiOverheadOfRoundTripAndRead() {
        Map<String, JmhGroup> groups = JmhGroup.decision(List.of("fory", "kryo"), List.of("0B", "1MB"),
                List.of("kryo")).stream().collect(Collectors.toMap(JmhGroup::name, g -> g));

        assertThat(groups).containsOnlyKeys(JmhGroup.SPEED, JmhGroup.COLD_START, JmhGroup.SPI_OVERHEAD);
        assertThat(groups.get(JmhGroup.SPEED).points()).isEqualTo(2 * 2);
        assertThat(groups.get(JmhGroup.SPEED).include()).endsWith("\\.(roundTrip)$");
        assertThat(groups.get(JmhGroup.SPI_OVERHEAD).points()).isEqualTo(2 * 2 * 2);
    }
}
