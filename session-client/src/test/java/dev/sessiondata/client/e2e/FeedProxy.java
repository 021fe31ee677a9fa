package dev.sessiondata.client.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A TCP proxy in front of a real server that can fail the change feed's connections only (those whose first
 * request is {@code GET /api/v1/changes}): {@link #freezeFeeds()} stops forwarding on them without closing them, as
 * a network partition would; {@link #cutFeeds()} closes them, and {@link #refuseFeeds()} keeps closing every new one
 * as well; {@link #delayFeeds} holds each chunk the server sends on them for a while, in order, as a slow network
 * would. Every other connection passes untouched.
 */
final class FeedProxy implements AutoCloseable {

    private static final byte[] FEED_REQUEST = "GET /api/v1/changes".getBytes(StandardCharsets.US_ASCII);

    private final ServerSocket listener;
    private final InetSocketAddress target;
    private final List<Socket> feeds = new CopyOnWriteArrayList<>();
    private final List<Socket> all = new CopyOnWriteArrayList<>();
    /**
     * Open while feeds may flow; a freeze swaps in a closed gate that {@link #thaw()} or {@link #close()} opens. A
     * feed cut while frozen keeps its pump waiting at the gate; it then finds its sockets closed and ends.
     */
    private volatile CountDownLatch flowing = new CountDownLatch(0);
    private volatile long delayNanos;
    private volatile boolean refusing;

    FeedProxy(URI server) throws IOException {
        this.target = new InetSocketAddress(server.getHost(), server.getPort());
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "feed-proxy");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    URI baseUri() {
        return URI.create("http://127.0.0.1:" + listener.getLocalPort());
    }

    /** Feed connections, open and new, forward nothing more until {@link #thaw()}. */
    void freezeFeeds() {
        flowing = new CountDownLatch(1);
    }

    void thaw() {
        flowing.countDown();
    }

    /** Closes every feed connection. */
    void cutFeeds() {
        for (Socket feed : feeds) {
            close(feed);
        }
    }

    /** Closes every feed connection, and each new one as soon as it asks for the feed, until {@link #admitFeeds}. */
    void refuseFeeds() {
        refusing = true;
        cutFeeds();
    }

    void admitFeeds() {
        refusing = false;
    }

    /**
     * What the server sends on feed connections opened from now on reaches the client {@code delay} after it
     * reached the proxy ({@link Duration#ZERO}: at once again).
     */
    void delayFeeds(Duration delay) {
        delayNanos = delay.toNanos();
    }

    @Override
    public void close() throws IOException {
        listener.close();
        all.forEach(FeedProxy::close);
        flowing.countDown();
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket(target.getAddress(), target.getPort());
                all.add(client);
                all.add(server);
                long delay = delayNanos;
                start(() -> pump(client, server, true));
                start(() -> {
                    if (delay > 0) {
                        delayedPump(server, client, delay);
                    } else {
                        pump(server, client, false);
                    }
                });
            } catch (IOException e) {
                return;
            }
        }
    }

    private void pump(Socket from, Socket to, boolean request) {
        byte[] buffer = new byte[16384];
        boolean feed = false;
        boolean first = true;
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            int read;
            while ((read = in.read(buffer)) >= 0) {
                if (first && request) {
                    feed = startsWith(buffer, read);
                    if (feed) {
                        feeds.add(from);
                        feeds.add(to);
                        if (refusing) {
                            return;
                        }
                    }
                }
                first = false;
                feed = feed || feeds.contains(from);
                if (feed) {
                    flowing.await();
                }
                out.write(buffer, 0, read);
                out.flush();
            }
        } catch (IOException | InterruptedException e) {
            // the other side closed, or the test cut it
        } finally {
            close(from);
            close(to);
        }
    }

    /**
     * {@link #pump} from the server for a connection opened while feeds were delayed: one thread reads and stamps each
     * chunk, this one writes each when its time comes, so the delay is the same for every chunk and never adds up.
     * Only a feed connection is held back; the others pass at once.
     */
    private void delayedPump(Socket from, Socket to, long delay) {
        BlockingQueue<Chunk> chunks = new LinkedBlockingQueue<>();
        start(() -> {
            byte[] buffer = new byte[16384];
            try (InputStream in = from.getInputStream()) {
                int read;
                while ((read = in.read(buffer)) >= 0) {
                    chunks.add(new Chunk(System.nanoTime(), Arrays.copyOf(buffer, read)));
                }
            } catch (IOException e) {
                // the other side closed, or the test cut it
            }
            chunks.add(Chunk.END);
        });
        try (OutputStream out = to.getOutputStream()) {
            for (Chunk chunk = chunks.take(); chunk != Chunk.END; chunk = chunks.take()) {
                if (feeds.contains(from)) {
                    long wait = chunk.receivedNanos() + delay - System.nanoTime();
                    if (wait > 0) {
                        TimeUnit.NANOSECONDS.sleep(wait);
                    }
                    flowing.await();
                }
                out.write(chunk.bytes());
                out.flush();
            }
        } catch (IOException | InterruptedException e) {
            // the other side closed, or the test cut it
        } finally {
            close(from);
            close(to);
        }
    }

    /** Bytes read from the server and when. */
    private record Chunk(long receivedNanos, byte[] bytes) {
        static final Chunk END = new Chunk(0, new byte[0]);
    }

    private static boolean startsWith(byte[] buffer, int length) {
        if (length < FEED_REQUEST.length) {
            return false;
        }
        for (int i = 0; i < FEED_REQUEST.length; i++) {
            if (buffer[i] != FEED_REQUEST[i]) {
                return false;
            }
        }
        return true;
    }

    private static void start(Runnable task) {
        Thread thread = new Thread(task, "feed-proxy-pump");
        thread.setDaemon(true);
        thread.start();
    }

    private static void close(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // closing is all that is wanted
        }
    }
}
