package dev.sessiondata.server.http;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.channel.Channel;
import io.netty.channel.ChannelPipeline;
import java.util.EnumMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import reactor.netty.NettyPipeline;
import reactor.netty.http.server.HttpServer;

/**
 * Applies {@link ConnectionProperties} to the web server with counts and handlers of this package: Reactor Netty has
 * no option for most of these bounds, and its bound on connections and its request timeout log each connection they
 * cut as a warning or an error with a stack trace. Each connection closed for a bound of this
 * package is counted in {@code sessiondata.connections.closed} by reason, and logged at DEBUG only: an attack that
 * meets a bound must not flood the log.
 */
public final class ConnectionBounds implements NettyServerCustomizer {

    private static final Logger LOG = LoggerFactory.getLogger(ConnectionBounds.class);

    private final ConnectionProperties properties;
    private final OpenConnections open;
    private final Map<OpenConnections.Refusal, Counter> refused = new EnumMap<>(OpenConnections.Refusal.class);
    private final Counter closedForHeaderTimeout;
    private final Counter closedForPipelining;
    private final Counter closedForIdle;
    private final Counter closedForBodyTimeout;
    private final Counter closedForSlowBody;

    public ConnectionBounds(ConnectionProperties properties, MeterRegistry registry) {
        this.properties = properties;
        Counter evictedSilent = closed(registry, "max-connections-silent");
        this.open = new OpenConnections(properties.maxConnections(), properties.maxConnectionsPerAddress(),
                evictedSilent::increment);
        for (OpenConnections.Refusal refusal : OpenConnections.Refusal.values()) {
            refused.put(refusal, closed(registry, refusal.reason));
        }
        this.closedForHeaderTimeout = closed(registry, "header-timeout");
        this.closedForPipelining = closed(registry, "max-pipelined-requests");
        this.closedForIdle = closed(registry, "idle-timeout");
        this.closedForBodyTimeout = closed(registry, "body-timeout");
        this.closedForSlowBody = closed(registry, "min-body-rate");
    }

    private static Counter closed(MeterRegistry registry, String reason) {
        return Counter.builder("sessiondata.connections.closed")
                .description("Connections the server closed because they exceeded a bound")
                .tag("reason", reason)
                .register(registry);
    }

    @Override
    public HttpServer apply(HttpServer server) {
        RequestBounds.Closures closures = new Closures();
        return server.doOnChannelInit((observer, channel, remoteAddress) -> {
            OpenConnections.Refusal refusal = open.admit(channel);
            if (refusal != null) {
                refuse(channel, refusal);
                return;
            }
            ChannelPipeline pipeline = channel.pipeline();
            if (pipeline.get(NettyPipeline.HttpCodec) != null) {
                RequestBounds.install(pipeline, properties, closures, open.watch(channel));
            }
        });
    }

    /** Counts the connections {@link RequestBounds} closes, by reason. */
    private final class Closures implements RequestBounds.Closures {

        @Override
        public void headerTimeout() {
            closedForHeaderTimeout.increment();
        }

        @Override
        public void bodyTimeout() {
            closedForBodyTimeout.increment();
        }

        @Override
        public void slowBody() {
            closedForSlowBody.increment();
        }

        @Override
        public void pipelinedExceeded() {
            closedForPipelining.increment();
        }

        @Override
        public void idle() {
            closedForIdle.increment();
        }
    }

    private void refuse(Channel channel, OpenConnections.Refusal refusal) {
        refused.get(refusal).increment();
        LOG.debug("Connection from {} closed at once: {}", channel.remoteAddress(), refusal.reason);
        channel.close();
    }
}
