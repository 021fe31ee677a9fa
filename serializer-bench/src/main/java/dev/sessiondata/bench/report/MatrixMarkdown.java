package dev.sessiondata.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Renders {@code flexibility.json} as Markdown: criteria as rows, serializers as columns, then every failure. */
final class MatrixMarkdown {

    static final String PASS = "✅";
    static final String FAIL = "❌";
    static final String NOT_RUN = "–";

    private MatrixMarkdown() {
    }

    static String render(Path json) throws IOException {
        JsonNode matrix = new ObjectMapper().readTree(json.toFile());
        JsonNode rows = matrix.path("rows");
        StringBuilder md = new StringBuilder();
        md.append("| criterion |");
        rows.forEach(row -> md.append(' ').append(row.path("label").asText()).append(" |"));
        md.append("\n|---|");
        rows.forEach(row -> md.append(":-:|"));
        md.append('\n');
        for (JsonNode criterion : matrix.path("criteria")) {
            String key = criterion.path("key").asText();
            md.append("| ").append(criterion.path("title").asText())
                    .append("SAFETY".equalsIgnoreCase(criterion.path("kind").asText()) ? " *(safety)*" : "")
                    .append(" |");
            rows.forEach(row -> md.append(' ').append(symbol(row.path("cells").path(key))).append(" |"));
            md.append('\n');
        }
        md.append("| **flexibility score** (of ").append(flexibilityCriteria(matrix).size()).append(") |");
        rows.forEach(row -> md.append(" **").append(score(matrix, row)).append("** |"));
        md.append("\n\n").append(PASS).append(" passed, ").append(FAIL).append(" failed, ").append(NOT_RUN)
                .append(" not run. The score counts the non-safety criteria.\n\n");
        md.append("### What each criterion checks\n\n");
        for (JsonNode criterion : matrix.path("criteria")) {
            md.append("- **").append(criterion.path("title").asText()).append("** (").append(criterion.path("kind")
                    .asText()).append("): ").append(criterion.path("question").asText()).append('\n');
        }
        md.append("\n### What failed, as the probes saw it\n\n");
        for (JsonNode row : rows) {
            List<String> failures = new ArrayList<>();
            for (JsonNode criterion : matrix.path("criteria")) {
                JsonNode cell = row.path("cells").path(criterion.path("key").asText());
                if (!cell.path("pass").asBoolean(false)) {
                    failures.add(criterion.path("title").asText() + ": " + cell.path("detail").asText()
                            .replace("|", "\\|"));
                }
            }
            md.append("- **").append(row.path("label").asText()).append("**: ")
                    .append(failures.isEmpty() ? "nothing" : String.join("; ", failures)).append('\n');
        }
        return md.toString();
    }

    static String symbol(JsonNode cell) {
        JsonNode pass = cell.path("pass");
        return pass.isMissingNode() || pass.isNull() ? NOT_RUN : pass.asBoolean() ? PASS : FAIL;
    }

    static List<String> flexibilityCriteria(JsonNode matrix) {
        List<String> keys = new ArrayList<>();
        matrix.path("criteria").forEach(c -> {
            if (!"safety".equals(c.path("kind").asText())) {
                keys.add(c.path("key").asText());
            }
        });
        return keys;
    }

    static int score(JsonNode matrix, JsonNode row) {
        int score = 0;
        for (String key : flexibilityCriteria(matrix)) {
            if (row.path("cells").path(key).path("pass").asBoolean(false)) {
                score++;
            }
        }
        return score;
    }
}
