package dev.sessiondata.testsupport;

import static org.awaitility.Awaitility.await;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Assumptions;

/**
 * A redis-server process of the test's own, on a free port, without persistence, that the test can stop and
 * start again on the same port (an outage that the shared Redis must not suffer).
 */
public final class RedisProcess implements AutoCloseable {

    private final int port;
    private final File log;
    private final List<String> extraArguments;
    private @Nullable Process process;
    private boolean paused;

    private RedisProcess(int port, List<String> extraArguments) throws IOException {
        this.port = port;
        this.extraArguments = List.copyOf(extraArguments);
        this.log = File.createTempFile("redis-" + port + "-", ".log");
        log.deleteOnExit();
    }

    /**
     * Skips the calling test, with the reason in the build's summary, where redis-server is not on the PATH: a test
     * that stops, freezes or fills Redis needs one of its own, never the shared one, and nothing else can stand in.
     * Debian's {@code redis-server} package (which {@code .ci/run}'s machine has) provides it.
     */
    public static void assumeInstalled(String test) {
        Assumptions.assumeTrue(installed(), "redis-server is not on the PATH (install Debian's redis-server): " + test
                + " needs a Redis of its own to stop or freeze, and is SKIPPED");
    }

    /** Whether redis-server is on the PATH. */
    public static boolean installed() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (new File(dir, "redis-server").canExecute()) {
                return true;
            }
        }
        return false;
    }

    /** Starts a redis-server on a free port; {@code extraArguments} are added to its command line. */
    public static RedisProcess startOnFreePort(String... extraArguments) throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        RedisProcess redis = new RedisProcess(port, List.of(extraArguments));
        redis.start();
        return redis;
    }

    public int port() {
        return port;
    }

    public String url() {
        return "redis://127.0.0.1:" + port;
    }

    public void start() throws IOException {
        List<String> command = new ArrayList<>(List.of("redis-server", "--port", String.valueOf(port),
                "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"));
        command.addAll(extraArguments);
        process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log))
                .start();
        await().atMost(Duration.ofSeconds(10)).until(this::answersPing);
    }

    /** Stops the server (a paused one is resumed first) and waits until it is gone; its data is gone with it. */
    public void stop() throws IOException, InterruptedException {
        Process running = process;
        if (running != null) {
            if (paused) {
                resume();
            }
            running.destroy();
            if (!running.waitFor(10, TimeUnit.SECONDS)) {
                running.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            process = null;
        }
    }

    /**
     * Freezes the server ({@code SIGSTOP}): its connections stay open and take commands, but nothing is answered
     * until {@link #resume}, as a Redis stalled by its host.
     */
    public void pause() throws IOException, InterruptedException {
        signal("-STOP");
        paused = true;
    }

    /** Lets a {@link #pause paused} server run again ({@code SIGCONT}); it then answers what it was sent. */
    public void resume() throws IOException, InterruptedException {
        signal("-CONT");
        paused = false;
    }

    private void signal(String signal) throws IOException, InterruptedException {
        Process running = process;
        if (running == null) {
            throw new IllegalStateException("redis-server on port " + port + " is not running");
        }
        Process kill = new ProcessBuilder("kill", signal, String.valueOf(running.pid())).inheritIO().start();
        if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
            throw new IllegalStateException("kill " + signal + " of redis-server on port " + port + " failed");
        }
    }

    /** Sends one inline command and returns the raw reply. */
    public String command(String command) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            socket.setSoTimeout(2000);
            OutputStream out = socket.getOutputStream();
            out.write((command + "\r\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[65536];
            int read = in.read(buffer);
            return read <= 0 ? "" : new String(buffer, 0, read, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private boolean answersPing() {
        try {
            return command("PING").startsWith("+PONG");
        } catch (UncheckedIOException e) {
            return false;
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        stop();
    }
}
