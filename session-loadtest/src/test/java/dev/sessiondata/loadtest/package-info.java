/**
 * Gatling simulations against a running session server, the payload mix they send, and a check of the
 * docker-compose deployment's Prometheus and Grafana files.
 */
@org.jspecify.annotations.NullMarked
package dev.sessiondata.loadtest;
