package dev.sessiondata.server.http;

import io.netty.channel.Channel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * Counts the server's open connections, in all and per source address, and says which bound a new one would
 * exceed. Counted here rather than with Reactor Netty's own bound on connections, which logs a warning with a stack
 * trace for every connection it refuses: under the very attack it bounds, that floods the log. A refused connection
 * is counted until it is closed too, which is at once.
 */
final class OpenConnections {

    /** The bound a refused connection would have exceeded. */
    enum Refusal {
        MAX_CONNECTIONS("max-connections"),
        MAX_CONNECTIONS_PER_ADDRESS("max-connections-per-address");

        final String reason;

        Refusal(String reason) {
            this.reason = reason;
        }
    }

    private final int maxTotal;
    private final int maxPerAddress;
    private final AtomicInteger total = new AtomicInteger();
    private final ConcurrentHashMap<InetAddress, Integer> perAddress = new ConcurrentHashMap<>();

    OpenConnections(int maxTotal, int maxPerAddress) {
        this.maxTotal = maxTotal;
        this.maxPerAddress = maxPerAddress;
    }

    /** Counts a new connection until it closes; the bound it exceeds, or {@code null} when it may stay open. */
    @Nullable Refusal admit(Channel channel) {
        int all = total.incrementAndGet();
        channel.closeFuture().addListener(closed -> total.decrementAndGet());
        int fromAddress = 0;
        if (channel.remoteAddress() instanceof InetSocketAddress socket && socket.getAddress() != null) {
            InetAddress address = socket.getAddress();
            fromAddress = perAddress.merge(address, 1, Integer::sum);
            channel.closeFuture().addListener(closed ->
                    perAddress.computeIfPresent(address, (key, n) -> n == 1 ? null : n - 1));
        }
        return fromAddress > maxPerAddress ? Refusal.MAX_CONNECTIONS_PER_ADDRESS
                : all > maxTotal ? Refusal.MAX_CONNECTIONS : null;
    }
}
