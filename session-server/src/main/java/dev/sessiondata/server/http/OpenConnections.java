package dev.sessiondata.server.http;

import io.netty.channel.Channel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * Counts the server's open connections, in all and per source address, and says which bound a new one would
 * exceed. Counted here rather than with Reactor Netty's own bound on connections, which logs a warning with a stack
 * trace for every connection it refuses: under the very attack it bounds, that floods the log. A refused connection
 * is counted until it is closed too, which is at once.
 *
 * <p>At {@code max-connections}, a new connection takes the place of the oldest connection that has not sent a byte
 * since it opened, when there is one; only when every connection has spoken is the new one refused. Refusing the new
 * one let connections that send nothing hold the server for the header timeout, and an attacker that opened them
 * again kept every new client out; a client that means to send a request sends it at once. Connections that have
 * spoken or closed leave the queue of silent ones lazily, from its head, so watching costs a connection one queue
 * entry and one field write.
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
    private final ConcurrentLinkedQueue<Silent> silent = new ConcurrentLinkedQueue<>();
    private final Runnable evicted;

    /**
     * @param evicted run for each silent connection closed to make room for a new one
     */
    OpenConnections(int maxTotal, int maxPerAddress, Runnable evicted) {
        this.maxTotal = maxTotal;
        this.maxPerAddress = maxPerAddress;
        this.evicted = evicted;
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
        if (fromAddress > maxPerAddress) {
            return Refusal.MAX_CONNECTIONS_PER_ADDRESS;
        }
        return all > maxTotal && !evictOldestSilent() ? Refusal.MAX_CONNECTIONS : null;
    }

    /**
     * Watches an admitted connection as silent until the returned hook is run, at its first bytes: until then it is
     * one {@code max-connections} may close to make room.
     */
    Runnable watch(Channel channel) {
        Silent connection = new Silent(channel);
        silent.offer(connection);
        for (Silent oldest = silent.peek(); oldest != null && !oldest.isSilent(); oldest = silent.peek()) {
            silent.remove(oldest);
        }
        return connection::spoke;
    }

    private boolean evictOldestSilent() {
        for (Silent oldest = silent.poll(); oldest != null; oldest = silent.poll()) {
            if (oldest.isSilent()) {
                evicted.run();
                oldest.channel.close();
                return true;
            }
        }
        return false;
    }

    /** An open connection that has not sent a byte yet, until it does. */
    private static final class Silent {

        private final Channel channel;
        private volatile boolean spoke;

        Silent(Channel channel) {
            this.channel = channel;
        }

        void spoke() {
            spoke = true;
        }

        boolean isSilent() {
            return !spoke && channel.isActive();
        }
    }
}
