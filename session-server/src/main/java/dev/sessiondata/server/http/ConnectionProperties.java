package dev.sessiondata.server.http;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Bounds on every HTTP connection, so that connections that send nothing, or send it slowly, cannot take the server
 * from the clients that do. The request-line and header-size limits are Spring Boot's own
 * ({@code server.netty.max-initial-line-length}, {@code server.max-http-request-header-size}); these are the bounds
 * Boot has no property for, and the idle timeout, which Boot's {@code server.netty.idle-timeout} would apply at a
 * cost per request (see {@link RequestBounds}).
 *
 * @param maxConnections       the connections the server holds open at once; a connection beyond it is closed as
 *                             soon as it is accepted; default three quarters of the process's file-descriptor limit
 *                             (the rest is for the store's connections, the jars and the logs), or 10,000 where
 *                             the limit cannot be read
 * @param maxConnectionsPerAddress the connections one source address holds open at once; a connection beyond it is
 *                             closed as soon as it is accepted, so that one host cannot take all of
 *                             {@code max-connections}; default an eighth of {@code max-connections}, at least 16 and
 *                             at most 1,024 (far above the pool of any one application; a proxy in front of the
 *                             service is one address and needs it raised)
 * @param headerTimeout        the time from the opening of a connection to the end of its first request's header
 *                             section, and from the first byte of each later request to the end of its header
 *                             section; a connection whose header section takes longer, or that sends nothing for that
 *                             long after it opened, is closed; default 10 s (a header section is at most a few KiB and
 *                             arrives in one round trip)
 * @param bodyTimeout          the time from the end of a request's header section to the end of its body; a
 *                             connection whose body takes longer is closed, and the request's write admission is
 *                             released with it; default 30 s (the largest body at 70 KB/s)
 * @param maxPipelinedRequests the requests one connection may have sent and not yet been answered; a connection
 *                             that sends more is closed; default 16 (clients of the service do not pipeline; a
 *                             pipelining client keeps a few requests ahead)
 * @param idleTimeout          the time a connection may wait for its next request (or its first) with no request in
 *                             progress; it is closed after; default 60 s (a silent connection holds a file descriptor
 *                             and a connection slot; above the keep-alive time of the clients' pools)
 * @param minBodyRate          the bytes per second a request body must arrive at after {@code body-rate-grace}: a body
 *                             whose clock has run for the grace plus {@code t} seconds and that has sent fewer than
 *                             {@code t} times this rate is cut as the body timeout cuts it (its connection closed, its
 *                             write admission released). The clock starts at the end of the header section, or at the
 *                             {@code 100 Continue} the server sends a request that expects one. A write holds its
 *                             declared length of the write admission while its body arrives: without a rate, a few
 *                             bodies sent a byte at a time hold the whole admission for the body timeout. Default
 *                             64 KiB per second (about the rate the body timeout asks of the largest body; a client of
 *                             the service sends a body at once, at the speed of its network)
 * @param bodyRateGrace        the time a body has before {@code min-body-rate} applies: the round trip before its first
 *                             bytes and the sender's slow start; default 2 s
 */
@ConfigurationProperties("sessiondata.server.connections")
public record ConnectionProperties(@Nullable Integer maxConnections, @Nullable Integer maxConnectionsPerAddress,
        @Nullable Duration headerTimeout, @Nullable Duration bodyTimeout, @Nullable Integer maxPipelinedRequests,
        @Nullable Duration idleTimeout, @Nullable DataSize minBodyRate, @Nullable Duration bodyRateGrace) {

    static final int UNKNOWN_DESCRIPTOR_LIMIT_CONNECTIONS = 10_000;

    public ConnectionProperties {
        if (maxConnections == null) {
            maxConnections = defaultMaxConnections(fileDescriptorLimit());
        }
        if (maxConnectionsPerAddress == null) {
            maxConnectionsPerAddress = Math.max(16, Math.min(1_024, maxConnections / 8));
        }
        if (headerTimeout == null) {
            headerTimeout = Duration.ofSeconds(10);
        }
        if (bodyTimeout == null) {
            bodyTimeout = Duration.ofSeconds(30);
        }
        if (maxPipelinedRequests == null) {
            maxPipelinedRequests = 16;
        }
        if (idleTimeout == null) {
            idleTimeout = Duration.ofSeconds(60);
        }
        if (minBodyRate == null) {
            minBodyRate = DataSize.ofKilobytes(64);
        }
        if (bodyRateGrace == null) {
            bodyRateGrace = Duration.ofSeconds(2);
        }
        if (maxConnections < 1 || maxConnectionsPerAddress < 1 || maxPipelinedRequests < 1
                || headerTimeout.compareTo(Duration.ZERO) <= 0 || bodyTimeout.compareTo(Duration.ZERO) <= 0
                || idleTimeout.compareTo(Duration.ZERO) <= 0 || minBodyRate.toBytes() < 1
                || bodyRateGrace.compareTo(Duration.ZERO) <= 0) {
            throw new IllegalArgumentException("sessiondata.server.connections: max-connections, "
                    + "max-connections-per-address, max-pipelined-requests, header-timeout, body-timeout, "
                    + "idle-timeout, min-body-rate and body-rate-grace must be positive; were " + maxConnections + ", "
                    + maxConnectionsPerAddress + ", " + maxPipelinedRequests + ", " + headerTimeout + ", "
                    + bodyTimeout + ", " + idleTimeout + ", " + minBodyRate + ", " + bodyRateGrace);
        }
    }

    static int defaultMaxConnections(long fileDescriptorLimit) {
        if (fileDescriptorLimit <= 0) {
            return UNKNOWN_DESCRIPTOR_LIMIT_CONNECTIONS;
        }
        return (int) Math.max(64, Math.min(Integer.MAX_VALUE, fileDescriptorLimit / 4 * 3));
    }

    /** The process's file-descriptor limit, or {@code -1} where the JVM does not say (not a Unix). */
    private static long fileDescriptorLimit() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.UnixOperatingSystemMXBean unix ? unix.getMaxFileDescriptorCount() : -1;
    }
}
