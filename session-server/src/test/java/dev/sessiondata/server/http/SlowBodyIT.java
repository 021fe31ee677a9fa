package dev.sessiondata.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.support.RunningServer;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * Bodies sent slower than {@code min-body-rate} on a server whose body timeout is far longer than the test: a slow
 * body is cut once its grace and the time its bytes buy at the rate are over, and the write admission it held serves
 * the next writer. The slow senders come from another loopback address (127.0.0.8) than the writer (127.0.0.1).
 */
@ExtendWith(OutputCaptureExtension.class)
class SlowBodyIT {

    private static final Duration BODY_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration GRACE = Duration.ofSeconds(2);
    private static final int MIN_RATE = 1024;
    private static final int LARGE = 1024 * 1024;

    private static RunningServer server;
    private final List<Socket> senders = new ArrayList<>();
    private final ScheduledExecutorService pace = Executors.newSingleThreadScheduledExecutor();

    @BeforeAll
    static void start() {
        server = RunningServer.start(
                "sessiondata.server.connections.body-timeout=" + BODY_TIMEOUT.toMillis() + "ms",
                "sessiondata.server.connections.body-rate-grace=" + GRACE.toMillis() + "ms",
                "sessiondata.server.connections.min-body-rate=" + MIN_RATE + "B",
                "sessiondata.session.max-size=2MB",
                "sessiondata.overload.max-body-bytes=2MB");
        // the writer's first call loads the API document it checks answers against, longer than a grace
        server.writer().put("first-write", new byte[LARGE], "java");
        server.writer().delete("first-write");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @AfterEach
    void closeSenders() throws IOException {
        pace.shutdownNow();
        for (Socket socket : senders) {
            socket.close();
        }
    }

    @Test
    void bodiesSentAByteAtATimeAreCutAfterTheGraceAndTheirWriteAdmissionServesTheNextWriter(CapturedOutput output) {
        double before = closed("min-body-rate");
        // two PUTs of 1 MiB announced take the whole byte budget of writes (2 MB) while they trickle
        List<Socket> slow = List.of(sender(), sender());
        long start = System.nanoTime();
        for (Socket socket : slow) {
            send(socket, head("slow", LARGE, false));
        }
        for (Socket socket : slow) {
            pace.scheduleAtFixedRate(() -> send(socket, "a"), 100, 100, TimeUnit.MILLISECONDS);
        }
        // even a small write finds the budget taken
        await().pollDelay(Duration.ZERO).atMost(GRACE.dividedBy(2)).until(() -> server.writer()
                .put("during-slow-bodies", new byte[16], "java").statusCode() == 503);

        // each byte buys a millisecond at the rate: the grace and a few bytes' time, far within the body timeout
        await().atMost(BODY_TIMEOUT.dividedBy(6)).until(() -> ClosedByServer.count(slow) == slow.size());
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(GRACE);
        assertThat(closed("min-body-rate") - before).isEqualTo(slow.size());
        await().atMost(Duration.ofSeconds(5)).until(() -> server.writer().put("after-slow-bodies", new byte[LARGE],
                "java").statusCode() / 100 == 2);
        server.writer().delete("after-slow-bodies");
        server.writer().delete("during-slow-bodies");
        assertCutQuietly(output);
    }

    @Test
    void aBodyThatKeepsToTheRateIsServedWhateverItsLengthInTime() throws IOException {
        double before = closed("min-body-rate");
        Socket steady = sender();
        int length = 16 * MIN_RATE;
        send(steady, head("steady", length, false));
        // five times the rate (a sixteenth of the body every 200 ms), whole after 3.2 s: longer than the grace
        int[] sent = {0};
        pace.scheduleAtFixedRate(() -> {
            if (sent[0] < length) {
                send(steady, "a".repeat(MIN_RATE));
                sent[0] += MIN_RATE;
            }
        }, 200, 200, TimeUnit.MILLISECONDS);

        assertThat(readStatusLine(steady)).startsWith("HTTP/1.1 20");
        assertThat(closed("min-body-rate")).isEqualTo(before);
        server.writer().delete("steady");
    }

    /**
     * A client that waits for {@code 100 Continue} sends nothing before the server asks for its body: its clock starts
     * then (the server sends it at once here, so the cut is the rate's, long before the body timeout).
     */
    @Test
    void aBodyThatExpectsContinueIsHeldToTheRateOnceTheServerAsksForIt(CapturedOutput output) throws IOException {
        double before = closed("min-body-rate");
        Socket waiting = sender();
        send(waiting, head("continued", LARGE, true));
        assertThat(readStatusLine(waiting)).startsWith("HTTP/1.1 100");

        await().atMost(BODY_TIMEOUT.dividedBy(6)).until(() -> ClosedByServer.count(List.of(waiting)) == 1);
        assertThat(closed("min-body-rate") - before).isEqualTo(1);
        assertCutQuietly(output);
    }

    private static String head(String id, int length, boolean expectContinue) {
        return "PUT " + SessionApi.SESSIONS_PATH + "/" + id + " HTTP/1.1\r\nHost: localhost\r\n"
                + "Authorization: Bearer " + RunningServer.WRITER_TOKEN + "\r\n"
                + "Content-Type: " + SessionApi.mediaTypeOf("java") + "\r\nContent-Length: " + length + "\r\n"
                + (expectContinue ? "Expect: 100-continue\r\n" : "") + "\r\n";
    }

    private Socket sender() {
        try {
            Socket socket = new Socket();
            senders.add(socket);
            socket.bind(new InetSocketAddress("127.0.0.8", 0));
            socket.connect(new InetSocketAddress(server.baseUri().getHost(), server.baseUri().getPort()));
            return socket;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sends {@code text}; a connection the server closed is left as it is (the test awaits the close). */
    private static void send(Socket socket, String text) {
        try {
            socket.getOutputStream().write(text.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
        } catch (IOException closedByServer) {
            // the server cut the body
        }
    }

    /** The status line of the next answer, whose header section is read whole (its body is left unread). */
    private static String readStatusLine(Socket socket) throws IOException {
        socket.setSoTimeout(10_000);
        InputStream in = socket.getInputStream();
        StringBuilder head = new StringBuilder();
        for (int b = in.read(); b >= 0; b = in.read()) {
            head.append((char) b);
            if (head.toString().endsWith("\r\n\r\n")) {
                break;
            }
        }
        return head.substring(0, Math.max(0, head.indexOf("\r\n")));
    }

    /** A body cut for its rate is no failure of the server: no stack trace, no 500. */
    private static void assertCutQuietly(CapturedOutput output) {
        assertThat(output.getOut() + output.getErr())
                .doesNotContain("\tat ", " ERROR ", "onErrorDropped", "Unexpected failure", "500 Server Error");
    }

    private static double closed(String reason) {
        return server.bean(MeterRegistry.class).counter("sessiondata.connections.closed", "reason", reason).count();
    }
}
