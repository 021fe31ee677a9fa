/**
 * The server's Micrometer meters, all named {@code sessiondata.*}, each built once: store operation timers and
 * conflicts (by decorating any store), the active-sessions gauge (a {@code MeterBinder}), payload sizes and
 * rejections, and {@code http.server.requests}, the pipeline's outermost link ({@link
 * dev.sessiondata.server.metrics.RequestMetrics}).
 */
@NullMarked
package dev.sessiondata.server.metrics;

import org.jspecify.annotations.NullMarked;
