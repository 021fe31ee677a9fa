package dev.sessiondata.bench.report;

import dev.sessiondata.bench.legacy.HandWrittenCodec;
import dev.sessiondata.bench.legacy.LegacyObjectBenchmark;
import dev.sessiondata.bench.spi.SpiOverheadBenchmark;
import dev.sessiondata.bench.speed.ColdStartBenchmark;
import dev.sessiondata.bench.speed.SerializerSpeedBenchmark;
import dev.sessiondata.bench.time.TimeTypesBenchmark;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * One JMH run of the report: a benchmark class, which of its benchmark methods (all when {@code methods} is empty),
 * the parameter values it runs over, and which timing it runs with. Each group writes {@code jmh/<name>.json}.
 */
record JmhGroup(String name, Class<?> benchmark, List<String> methods, Map<String, List<String>> params,
        Timing timing) {

    /** A group of every benchmark method of the class. */
    JmhGroup(String name, Class<?> benchmark, Map<String, List<String>> params, Timing timing) {
        this(name, benchmark, List.of(), params, timing);
    }

    /** Which of the profile's timings a group runs with. */
    enum Timing {
        /** The profile's warm-up and measurement. */
        PROFILE,
        /** Longer: the SPI overhead is a ratio of two close numbers. */
        SPI,
        /** One shot per fresh JVM. */
        SINGLE_SHOT
    }

    static final String SPEED = "speed";
    static final String COLD_START = "cold-start";
    static final String LEGACY = "legacy";
    static final String TIME_TYPES = "time-types";
    static final String SPI_OVERHEAD = "spi-overhead";

    /** The groups of a report over these ids; SPI overhead only for the ids that have a raw counterpart. */
    static List<JmhGroup> all(List<String> ids, List<String> sizes, List<String> spiIds) {
        List<JmhGroup> groups = new ArrayList<>();
        groups.add(new JmhGroup(SPEED, SerializerSpeedBenchmark.class,
                params("serializer", ids, "size", sizes), Timing.PROFILE));
        groups.add(new JmhGroup(COLD_START, ColdStartBenchmark.class, params("serializer", ids), Timing.SINGLE_SHOT));
        List<String> codecs = new ArrayList<>(ids);
        codecs.add(HandWrittenCodec.ID);
        groups.add(new JmhGroup(LEGACY, LegacyObjectBenchmark.class, params("codec", codecs), Timing.PROFILE));
        groups.add(new JmhGroup(TIME_TYPES, TimeTypesBenchmark.class, params("serializer", ids), Timing.PROFILE));
        if (!spiIds.isEmpty()) {
            groups.add(new JmhGroup(SPI_OVERHEAD, SpiOverheadBenchmark.class, List.of("roundTrip"),
                    params("serializer", spiIds), Timing.SPI));
        }
        return groups;
    }

    /**
     * The groups of the decision profile: round trip only of the contenders at every size, their cold start, and the
     * SPI overhead of round trip and read alone.
     */
    static List<JmhGroup> decision(List<String> ids, List<String> sizes, List<String> spiIds) {
        List<JmhGroup> groups = new ArrayList<>();
        groups.add(new JmhGroup(SPEED, SerializerSpeedBenchmark.class, List.of("roundTrip"),
                params("serializer", ids, "size", sizes), Timing.PROFILE));
        groups.add(new JmhGroup(COLD_START, ColdStartBenchmark.class, params("serializer", ids), Timing.SINGLE_SHOT));
        if (!spiIds.isEmpty()) {
            groups.add(new JmhGroup(SPI_OVERHEAD, SpiOverheadBenchmark.class, List.of("roundTrip", "read"),
                    params("serializer", spiIds), Timing.SPI));
        }
        return groups;
    }

    /** The JMH include pattern of this group's methods. */
    String include() {
        String type = "^" + java.util.regex.Pattern.quote(benchmark.getName()) + "\\.";
        return methods.isEmpty() ? type : type + "(" + String.join("|", methods) + ")$";
    }

    /**
     * How many JMH points the group runs: benchmark methods times the combinations of parameter values, those given
     * here and, for the parameters not given, the values in the benchmark's own {@link Param} annotations.
     */
    int points() {
        long methodCount = Arrays.stream(benchmark.getMethods()).filter(m -> m.isAnnotationPresent(Benchmark.class))
                .filter(m -> methods.isEmpty() || methods.contains(m.getName())).count();
        long combinations = 1;
        for (Field field : benchmark.getFields()) {
            Param param = field.getAnnotation(Param.class);
            if (param != null) {
                combinations *= params.containsKey(field.getName()) ? params.get(field.getName()).size()
                        : param.value().length;
            }
        }
        return (int) (methodCount * combinations);
    }

    private static Map<String, List<String>> params(Object... nameThenValues) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        for (int i = 0; i < nameThenValues.length; i += 2) {
            @SuppressWarnings("unchecked")
            List<String> values = (List<String>) nameThenValues[i + 1];
            params.put((String) nameThenValues[i], values);
        }
        return params;
    }
}
