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
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy in front of a real server that can fail the change feed's connections only (those whose first
 * request is {@code GET /api/v1/changes}): {@link #freezeFeeds()} stops forwarding on them without closing them, as
 * a network partition would, and {@link #cutFeeds()} closes them. Every other connection passes untouched.
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
                start(() -> pump(client, server, true));
                start(() -> pump(server, client, false));
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
