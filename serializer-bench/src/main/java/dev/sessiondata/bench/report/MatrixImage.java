package dev.sessiondata.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.jspecify.annotations.Nullable;

/**
 * Draws the flexibility matrix as a PNG table: criteria as rows, serializers as (slanted) columns, a legend below.
 * Each cell carries a tick or a cross besides its colour, so that it reads without colour vision (or in grey).
 */
final class MatrixImage {

    private static final int LABEL_WIDTH = 250;
    private static final int HEADER_HEIGHT = 190;
    private static final int CELL = 34;
    private static final Color PASS = new Color(0x2e, 0x9d, 0x4c);
    private static final Color FAIL = new Color(0xd6, 0x45, 0x3d);
    private static final Color NOT_RUN = new Color(0xbb, 0xbb, 0xbb);
    private static final Color SAFETY = new Color(0x55, 0x55, 0x99);
    private static final int LEGEND_HEIGHT = 2 * CELL;

    private MatrixImage() {
    }

    static void write(Path out) throws IOException {
        JsonNode matrix = new ObjectMapper().readTree(out.resolve("flexibility.json").toFile());
        List<JsonNode> rows = new ArrayList<>();
        matrix.path("rows").forEach(rows::add);
        List<JsonNode> criteria = new ArrayList<>();
        matrix.path("criteria").forEach(criteria::add);
        int width = LABEL_WIDTH + rows.size() * CELL + 120;
        int height = HEADER_HEIGHT + (criteria.size() + 1) * CELL + 20 + LEGEND_HEIGHT;
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        for (int c = 0; c < rows.size(); c++) {
            AffineTransform saved = g.getTransform();
            g.translate(LABEL_WIDTH + c * CELL + CELL / 2 + 4, HEADER_HEIGHT - 6);
            g.rotate(-Math.PI / 4);
            g.drawString(rows.get(c).path("label").asText(), 0, 0);
            g.setTransform(saved);
        }
        for (int r = 0; r < criteria.size(); r++) {
            JsonNode criterion = criteria.get(r);
            int y = HEADER_HEIGHT + r * CELL;
            boolean safety = "safety".equals(criterion.path("kind").asText());
            g.setColor(safety ? SAFETY : Color.BLACK);
            g.drawString(criterion.path("title").asText(), 8, y + CELL / 2 + 5);
            for (int c = 0; c < rows.size(); c++) {
                JsonNode pass = rows.get(c).path("cells").path(criterion.path("key").asText()).path("pass");
                Boolean passed = pass.isMissingNode() || pass.isNull() ? null : pass.asBoolean();
                cell(g, LABEL_WIDTH + c * CELL + 2, y + 2, passed);
            }
        }
        int scoreY = HEADER_HEIGHT + criteria.size() * CELL;
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
        g.drawString("score (of " + MatrixMarkdown.flexibilityCriteria(matrix).size() + ")", 8, scoreY + CELL / 2 + 5);
        for (int c = 0; c < rows.size(); c++) {
            g.drawString(Integer.toString(MatrixMarkdown.score(matrix, rows.get(c))), LABEL_WIDTH + c * CELL + 8,
                    scoreY + CELL / 2 + 5);
        }
        g.setStroke(new BasicStroke(1));
        g.setColor(new Color(0xdd, 0xdd, 0xdd));
        g.drawLine(LABEL_WIDTH, scoreY, LABEL_WIDTH + rows.size() * CELL, scoreY);
        legend(g, scoreY + CELL + 20);
        g.dispose();
        Files.createDirectories(out.resolve("charts"));
        ImageIO.write(image, "png", out.resolve("charts").resolve("flexibility-matrix.png").toFile());
    }

    private static void legend(Graphics2D g, int y) {
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        int x = 8;
        for (Object[] entry : new Object[][] {{true, "passed"}, {false, "failed"}, {null, "not run"}}) {
            cell(g, x, y, (Boolean) entry[0]);
            g.setColor(Color.BLACK);
            g.drawString((String) entry[1], x + CELL + 2, y + CELL / 2 + 1);
            x += CELL + 90;
        }
        g.setColor(SAFETY);
        g.drawString("criteria in this colour: safety, not counted in the score", x + 10, y + CELL / 2 + 1);
    }

    /** A cell of {@code CELL - 4} pixels: green with a tick, red with a cross, grey with a dash when not run. */
    private static void cell(Graphics2D g, int x, int y, @Nullable Boolean passed) {
        int size = CELL - 4;
        g.setColor(passed == null ? NOT_RUN : passed ? PASS : FAIL);
        g.fillRect(x, y, size, size);
        g.setColor(Color.WHITE);
        g.setStroke(new BasicStroke(3, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        int m = size / 4;
        if (passed == null) {
            g.drawLine(x + m, y + size / 2, x + size - m, y + size / 2);
        } else if (passed) {
            g.drawLine(x + m, y + size / 2, x + size / 2 - 2, y + size - m);
            g.drawLine(x + size / 2 - 2, y + size - m, x + size - m, y + m);
        } else {
            g.drawLine(x + m, y + m, x + size - m, y + size - m);
            g.drawLine(x + m, y + size - m, x + size - m, y + m);
        }
        g.setStroke(new BasicStroke(1));
    }
}
