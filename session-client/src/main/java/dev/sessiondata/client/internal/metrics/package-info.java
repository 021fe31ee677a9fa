/**
 * The client's meters: {@link dev.sessiondata.client.internal.metrics.ClientMetrics} is what the client reports, and its
 * Micrometer implementation is loaded only when the application gives the client a {@code MeterRegistry}.
 */
@NullMarked
package dev.sessiondata.client.internal.metrics;

import org.jspecify.annotations.NullMarked;
