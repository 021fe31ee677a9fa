package dev.sessiondata.bench.report;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler;

/** The report's PNG charts, drawn with XChart: lines of throughput against size, bars of bytes. */
final class Charts {

    /** Sixteen-plus distinguishable colors, so that no two serializers share one. */
    private static final Color[] PALETTE = {
        new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0xd62728), new Color(0x9467bd),
        new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f), new Color(0xbcbd22), new Color(0x17becf),
        new Color(0x393b79), new Color(0xad494a), new Color(0x637939), new Color(0xe7ba52), new Color(0x843c39),
        new Color(0x7b4173), new Color(0x3182bd), new Color(0x31a354)};

    private Charts() {
    }

    /**
     * One line per series over the x categories, on a logarithmic y axis. {@code series} maps a name to its
     * values, one per category; a missing value (null) leaves a gap. False when there is nothing to draw.
     */
    static boolean lines(Path png, String title, String xTitle, String yTitle, List<String> categories,
            Map<String, List<Double>> series) throws IOException {
        CategoryChart chart = chart(title, xTitle, yTitle);
        chart.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        // every serializer's point of one size on the same x, not side by side as grouped bars
        chart.getStyler().setOverlapped(true);
        return draw(png, chart, categories, series);
    }

    /** Grouped bars, one group per category, one bar per series, on a logarithmic y axis. */
    static boolean bars(Path png, String title, String xTitle, String yTitle, List<String> categories,
            Map<String, List<Double>> series) throws IOException {
        CategoryChart chart = chart(title, xTitle, yTitle);
        chart.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Bar);
        chart.getStyler().setXAxisLabelRotation(45);
        chart.getStyler().setOverlapped(false);
        // bars grow from the axis minimum, which must be positive on a log axis
        chart.getStyler().setYAxisMin(1.0);
        return draw(png, chart, categories, series);
    }

    private static CategoryChart chart(String title, String xTitle, String yTitle) {
        CategoryChart chart = new CategoryChartBuilder().width(1200).height(700).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        CategoryStyler styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        styler.setYAxisLogarithmic(true);
        styler.setSeriesColors(PALETTE);
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setPlotGridLinesColor(new Color(0xe0e0e0));
        return chart;
    }

    /** Draws the series that have at least one value; false (and no file) when none has. */
    private static boolean draw(Path png, CategoryChart chart, List<String> categories,
            Map<String, List<Double>> series) throws IOException {
        Map<String, List<Double>> drawable = new LinkedHashMap<>();
        series.forEach((name, values) -> {
            if (values.stream().anyMatch(v -> v != null && v > 0)) {
                drawable.put(name, values);
            }
        });
        if (drawable.isEmpty()) {
            return false;
        }
        drawable.forEach((name, values) -> chart.addSeries(name, categories, values));
        BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
        return true;
    }
}
