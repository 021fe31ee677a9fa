/**
 * The server's Micrometer meters, all named {@code sessiondata.*} and registered in the injected registry: store
 * operation timers, conflicts and the active-sessions gauge (by decorating any store), payload sizes and rejections.
 */
@NullMarked
package dev.sessiondata.server.metrics;

import org.jspecify.annotations.NullMarked;
