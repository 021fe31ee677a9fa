package dev.sessiondata.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The points of one JMH JSON file, found by benchmark method and parameters. A missing file has no points. */
final class JmhResults {

    /** One JMH score: the mean, its 99.9 % error (NaN with a single iteration) and the unit. */
    record Score(double value, double error, String unit) {
    }

    private final Map<String, Score> scores = new LinkedHashMap<>();

    static JmhResults load(Path json) throws IOException {
        JmhResults results = new JmhResults();
        if (!Files.exists(json)) {
            return results;
        }
        for (JsonNode point : new ObjectMapper().readTree(json.toFile())) {
            String benchmark = point.path("benchmark").asText();
            String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
            Map<String, String> params = new LinkedHashMap<>();
            point.path("params").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
            JsonNode metric = point.path("primaryMetric");
            results.scores.put(key(method, params), new Score(number(metric.path("score")),
                    number(metric.path("scoreError")), metric.path("scoreUnit").asText()));
        }
        return results;
    }

    /** The score of {@code method} at these parameters (name, value, name, value...). */
    Optional<Score> find(String method, String... nameThenValue) {
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 0; i < nameThenValue.length; i += 2) {
            params.put(nameThenValue[i], nameThenValue[i + 1]);
        }
        return Optional.ofNullable(scores.get(key(method, params)));
    }

    boolean isEmpty() {
        return scores.isEmpty();
    }

    private static String key(String method, Map<String, String> params) {
        List<String> parts = new ArrayList<>();
        params.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> parts.add(e.getKey() + "=" + e.getValue()));
        return method + parts;
    }

    private static double number(JsonNode node) {
        return node.isNumber() ? node.asDouble() : node.isTextual() ? parse(node.asText()) : Double.NaN;
    }

    private static double parse(String text) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
