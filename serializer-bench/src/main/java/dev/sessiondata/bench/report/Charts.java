package dev.sessiondata.bench.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The report's PNG charts, drawn with XChart: lines of throughput against size (a log axis: 0 B to 1 MB spans six
 * decades), and bytes as bars on linear axes, one panel per payload size, so that a 10 % difference looks like one.
 * One serializer, the service's default, is highlighted in every chart: a thick black line, a black bar, and
 * " (default)" after its name, since it is the one a reader of the race is deciding about.
 */
final class Charts {

    /** Sixteen-plus distinguishable colors, so that no two serializers share one. */
    private static final Color[] PALETTE = {
        new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0xd62728), new Color(0x9467bd),
        new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f), new Color(0xbcbd22), new Color(0x17becf),
        new Color(0x393b79), new Color(0xad494a), new Color(0x637939), new Color(0xe7ba52), new Color(0x843c39),
        new Color(0x7b4173), new Color(0x3182bd), new Color(0x31a354)};

    /**
     * Marker shapes and line styles cycle with periods 8 and 3 besides the colours, so that two of up to 24 series
     * differ in shape or stroke even where their colours look alike (or are printed in grey).
     */
    private static final Marker[] MARKERS = {SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE, SeriesMarkers.DIAMOND,
        SeriesMarkers.TRIANGLE_UP, SeriesMarkers.TRIANGLE_DOWN, SeriesMarkers.CROSS, SeriesMarkers.PLUS,
        SeriesMarkers.OVAL};
    private static final BasicStroke[] LINES = {SeriesLines.SOLID, SeriesLines.DASH_DASH, SeriesLines.DOT_DOT};
    private static final int PANEL_WIDTH = 800;
    private static final int PANEL_HEIGHT = 460;
    private static final int PANEL_COLUMNS = 2;
    private static final Color HIGHLIGHT = Color.BLACK;
    private static final float HIGHLIGHT_LINE_WIDTH = 4.5f;
    private static final String HIGHLIGHT_SUFFIX = " (default)";

    private Charts() {
    }

    /**
     * One line per series over the x categories, on a logarithmic y axis. {@code series} maps a name to its
     * values, one per category; a missing value (null) leaves a gap; the series named {@code highlighted} is drawn
     * last, thick and black. False when there is nothing to draw.
     */
    static boolean lines(Path png, String title, String xTitle, String yTitle, List<String> categories,
            Map<String, List<Double>> series, String highlighted) throws IOException {
        CategoryChart chart = chart(title, xTitle, yTitle);
        CategoryStyler styler = chart.getStyler();
        styler.setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        // every serializer's point of one size on the same x, not side by side as grouped bars
        styler.setOverlapped(true);
        styler.setYAxisLogarithmic(true);
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        styler.setSeriesMarkers(MARKERS);
        styler.setSeriesLines(LINES);
        styler.setMarkerSize(9);
        Map<String, List<Double>> drawable = drawable(series);
        if (drawable.isEmpty()) {
            return false;
        }
        drawable.forEach((name, values) -> {
            if (!name.equals(highlighted)) {
                chart.addSeries(name, categories, values);
            }
        });
        if (drawable.containsKey(highlighted)) {
            CategorySeries line = chart.addSeries(highlighted + HIGHLIGHT_SUFFIX, categories, drawable.get(highlighted));
            line.setLineColor(HIGHLIGHT);
            line.setMarkerColor(HIGHLIGHT);
            line.setMarker(SeriesMarkers.CIRCLE);
            line.setLineStyle(new BasicStroke(HIGHLIGHT_LINE_WIDTH));
        }
        save(png, BitmapEncoder.getBufferedImage(chart));
        return true;
    }

    /**
     * One panel per series (a payload size), each with one bar per category (a serializer) on its own linear axis
     * from zero, in one image; the bar of the category {@code highlighted} is black. False (and no file) when no
     * series has a value.
     */
    static boolean panels(Path png, String title, String yTitle, List<String> categories,
            Map<String, List<Double>> series, String highlighted) throws IOException {
        Map<String, List<Double>> drawable = drawable(series);
        if (drawable.isEmpty()) {
            return false;
        }
        List<BufferedImage> panels = new ArrayList<>();
        for (Map.Entry<String, List<Double>> panel : drawable.entrySet()) {
            CategoryChart chart = new CategoryChartBuilder().width(PANEL_WIDTH).height(PANEL_HEIGHT)
                    .title(title + ": " + panel.getKey()).yAxisTitle(yTitle).build();
            CategoryStyler styler = chart.getStyler();
            style(styler);
            styler.setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Bar);
            styler.setLegendVisible(false);
            styler.setXAxisLabelRotation(45);
            styler.setYAxisMin(0.0);
            styler.setYAxisDecimalPattern("#,###");
            styler.setSeriesColors(new Color[] {PALETTE[0], HIGHLIGHT});
            // two series on one axis, each with the other's bars left out: the default's bar alone is black
            styler.setOverlapped(true);
            int at = categories.indexOf(highlighted);
            List<String> labels = categories.stream()
                    .map(category -> category.equals(highlighted) ? category + HIGHLIGHT_SUFFIX : category).toList();
            List<Double> others = new ArrayList<>(panel.getValue());
            List<Double> highlight = new ArrayList<>(Collections.nCopies(others.size(), (Double) null));
            if (at >= 0) {
                highlight.set(at, others.get(at));
                others.set(at, null);
            }
            chart.addSeries(panel.getKey(), labels, others);
            if (at >= 0) {
                chart.addSeries(highlighted + HIGHLIGHT_SUFFIX, labels, highlight);
            }
            panels.add(BitmapEncoder.getBufferedImage(chart));
        }
        int rows = (panels.size() + PANEL_COLUMNS - 1) / PANEL_COLUMNS;
        BufferedImage image = new BufferedImage(PANEL_WIDTH * Math.min(PANEL_COLUMNS, panels.size()),
                PANEL_HEIGHT * rows, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, image.getWidth(), image.getHeight());
        for (int i = 0; i < panels.size(); i++) {
            g.drawImage(panels.get(i), (i % PANEL_COLUMNS) * PANEL_WIDTH, (i / PANEL_COLUMNS) * PANEL_HEIGHT, null);
        }
        g.dispose();
        save(png, image);
        return true;
    }

    private static CategoryChart chart(String title, String xTitle, String yTitle) {
        CategoryChart chart = new CategoryChartBuilder().width(1200).height(700).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        style(chart.getStyler());
        return chart;
    }

    private static void style(CategoryStyler styler) {
        styler.setSeriesColors(PALETTE);
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setPlotGridLinesColor(new Color(0xe0e0e0));
    }

    /** The series that have at least one value. */
    private static Map<String, List<Double>> drawable(Map<String, List<Double>> series) {
        Map<String, List<Double>> drawable = new LinkedHashMap<>();
        series.forEach((name, values) -> {
            if (values.stream().anyMatch(v -> v != null && v > 0)) {
                drawable.put(name, values);
            }
        });
        return drawable;
    }

    private static void save(Path png, BufferedImage image) throws IOException {
        if (!ImageIO.write(image, "png", png.toFile())) {
            throw new IOException("no PNG writer in this JDK for " + png);
        }
    }
}
