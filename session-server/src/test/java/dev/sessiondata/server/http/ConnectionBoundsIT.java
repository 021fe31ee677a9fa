package dev.sessiondata.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.support.RunningServer;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * Connections that send nothing, send slowly or never read their answers, on a server with small bounds
 * ({@link ConnectionProperties}). The attacking connections come from other loopback addresses (127.0.0.2 and up)
 * than the legitimate client (127.0.0.1), as a remote attacker's would, and each test asserts that the legitimate
 * client is served while the attack holds.
 */
@ExtendWith(OutputCaptureExtension.class)
class ConnectionBoundsIT {

    private static final int MAX_CONNECTIONS = 40;
    private static final int PER_ADDRESS = 10;
    private static final Duration HEADER_TIMEOUT = Duration.ofMillis(500);
    private static final Duration BODY_TIMEOUT = Duration.ofSeconds(1);
    private static final Duration IDLE_TIMEOUT = Duration.ofSeconds(2);
    private static final int MAX_PIPELINED = 4;
    private static final int LARGE = 1024 * 1024;

    private static RunningServer server;
    private final List<Socket> attackers = new ArrayList<>();

    @BeforeAll
    static void start() {
        server = RunningServer.start(
                "sessiondata.server.connections.idle-timeout=" + IDLE_TIMEOUT.toMillis() + "ms",
                "sessiondata.server.connections.max-connections=" + MAX_CONNECTIONS,
                "sessiondata.server.connections.max-connections-per-address=" + PER_ADDRESS,
                "sessiondata.server.connections.header-timeout=" + HEADER_TIMEOUT.toMillis() + "ms",
                "sessiondata.server.connections.body-timeout=" + BODY_TIMEOUT.toMillis() + "ms",
                "sessiondata.server.connections.max-pipelined-requests=" + MAX_PIPELINED,
                "sessiondata.session.max-size=2MB",
                "sessiondata.overload.max-body-bytes=2MB");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @AfterEach
    void closeAttackers() throws IOException {
        for (Socket socket : attackers) {
            socket.close();
        }
    }

    @Test
    void connectionsBeyondTheBoundOfTheirAddressAreClosedWhileOtherAddressesAreServed(CapturedOutput output) {
        double before = closed("max-connections-per-address");
        List<Socket> silent = open("127.0.0.2", PER_ADDRESS + 5);

        // the others are closed by the header timeout soon after, counted under that reason
        await().atMost(Duration.ofSeconds(5)).until(() -> ClosedByServer.count(silent) >= 5);
        assertThat(closed("max-connections-per-address") - before).isEqualTo(5);
        assertLegitimateClientServed();
        assertCutQuietly(output);
    }

    /** At the server's bound, a new connection takes the place of the oldest that has sent nothing. */
    @Test
    void connectionsBeyondTheServersBoundCloseTheOldestSilentOnes(CapturedOutput output) {
        double before = closed("max-connections-silent");
        List<Socket> silent = new ArrayList<>();
        for (int address = 2; address < 2 + 5; address++) {
            silent.addAll(open("127.0.0." + address, PER_ADDRESS));
        }

        await().atMost(Duration.ofSeconds(5))
                .until(() -> ClosedByServer.count(silent) >= 5 * PER_ADDRESS - MAX_CONNECTIONS);
        assertThat(silent.size() - ClosedByServer.count(silent)).isLessThanOrEqualTo(MAX_CONNECTIONS);
        assertThat(closed("max-connections-silent") - before).isGreaterThanOrEqualTo(5 * PER_ADDRESS - MAX_CONNECTIONS);
        assertLegitimateClientServed();
        assertCutQuietly(output);
    }

    /** A connection that sends nothing is a request whose head never comes: it does not wait for the idle timeout. */
    @Test
    void aConnectionThatSendsNothingIsClosedAfterTheHeaderTimeout(CapturedOutput output) {
        double before = closed("header-timeout");
        List<Socket> silent = open("127.0.0.3", 3);
        long start = System.nanoTime();

        assertLegitimateClientServed();
        await().atMost(IDLE_TIMEOUT).until(() -> ClosedByServer.count(silent) == silent.size());
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(HEADER_TIMEOUT.minusMillis(100));
        assertThat(closed("header-timeout") - before).isGreaterThanOrEqualTo(silent.size());
        assertCutQuietly(output);
    }

    @Test
    void aConnectionIsIdleFromItsLastAnswerAndNotWhileItsRequestsKeepComing() throws IOException {
        Socket waiting = open("127.0.0.7", 1).get(0);
        Socket busy = open("127.0.0.7", 1).get(0);
        String get = "GET " + SessionApi.SESSIONS_PATH + "/absent HTTP/1.1\r\nHost: localhost\r\n"
                + "Authorization: Bearer " + RunningServer.READER_TOKEN + "\r\n\r\n";
        double idleBefore = closed("idle-timeout");
        long start = System.nanoTime();
        // a request every half idle timeout, for twice the idle timeout: never idle for long enough
        while (System.nanoTime() - start < IDLE_TIMEOUT.multipliedBy(2).toNanos()) {
            for (Socket socket : List.of(waiting, busy)) {
                if (socket == waiting && System.nanoTime() - start > IDLE_TIMEOUT.dividedBy(2).toNanos()) {
                    continue;
                }
                socket.getOutputStream().write(get.getBytes(StandardCharsets.US_ASCII));
                socket.getOutputStream().flush();
                assertThat(readAnswerHead(socket)).startsWith("HTTP/1.1 404");
            }
            await().pollDelay(IDLE_TIMEOUT.dividedBy(2)).until(() -> true);
        }

        assertThat(ClosedByServer.count(List.of(busy))).as("the connection whose requests kept coming").isZero();
        await().atMost(IDLE_TIMEOUT.multipliedBy(2)).until(() -> ClosedByServer.count(List.of(waiting)) == 1);
        assertThat(closed("idle-timeout")).isGreaterThan(idleBefore);
    }

    /** The status line and headers of one answer, and its body skipped by its Content-Length. */
    private static String readAnswerHead(Socket socket) throws IOException {
        socket.setSoTimeout(5_000);
        java.io.InputStream in = socket.getInputStream();
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            head.append((char) b);
        }
        java.util.regex.Matcher length = java.util.regex.Pattern.compile("(?i)content-length: *(\\d+)").matcher(head);
        if (length.find()) {
            in.readNBytes(Integer.parseInt(length.group(1)));
        }
        return head.toString();
    }

    @Test
    void aHeaderSectionTrickledSlowerThanTheHeaderTimeoutIsCut(CapturedOutput output) throws Exception {
        List<Socket> trickling = open("127.0.0.4", 5);
        double before = closed("header-timeout");
        long start = System.nanoTime();
        ExecutorService threads = Executors.newFixedThreadPool(trickling.size());
        try {
            List<Future<Duration>> held = new ArrayList<>();
            for (Socket socket : trickling) {
                held.add(threads.submit(() -> trickle(socket, "GET /api/v1/sessions/x HTTP/1.1\r\nHost: localhost\r\n",
                        "X-Line: a\r\n", Duration.ofMillis(100))));
            }
            assertLegitimateClientServed();
            for (Future<Duration> connection : held) {
                assertThat(connection.get()).isLessThan(HEADER_TIMEOUT.multipliedBy(4));
            }
        } finally {
            threads.shutdownNow();
        }
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(HEADER_TIMEOUT);
        assertThat(closed("header-timeout")).isGreaterThanOrEqualTo(before + trickling.size());
        assertCutQuietly(output);
    }

    @Test
    void aBodyTrickledSlowerThanTheBodyTimeoutIsCutAndItsWriteAdmissionReleased(CapturedOutput output)
            throws Exception {
        // two PUTs of 1 MiB announced take the whole byte budget of writes (2 MB) while they trickle
        List<Socket> trickling = open("127.0.0.5", 2);
        String head = "PUT " + SessionApi.SESSIONS_PATH + "/slow HTTP/1.1\r\nHost: localhost\r\n"
                + "Authorization: Bearer " + RunningServer.WRITER_TOKEN + "\r\n"
                + "Content-Type: " + SessionApi.mediaTypeOf("java") + "\r\nContent-Length: " + LARGE + "\r\n\r\n";
        ExecutorService threads = Executors.newFixedThreadPool(trickling.size());
        try {
            List<Future<Duration>> held = new ArrayList<>();
            for (Socket socket : trickling) {
                held.add(threads.submit(() -> trickle(socket, head, "a", Duration.ofMillis(200))));
            }
            for (Future<Duration> connection : held) {
                assertThat(connection.get()).isLessThan(BODY_TIMEOUT.multipliedBy(3));
            }
        } finally {
            threads.shutdownNow();
        }
        await().atMost(Duration.ofSeconds(5)).until(() -> server.writer()
                .put("after-slow-bodies", new byte[LARGE], "java").statusCode() / 100 == 2);
        server.writer().delete("after-slow-bodies");
        assertThat(closed("body-timeout")).isGreaterThanOrEqualTo(trickling.size());
        assertCutQuietly(output);
    }

    @Test
    void aConnectionWithMoreUnansweredRequestsThanTheBoundIsClosed(CapturedOutput output) throws IOException {
        assertThat(server.writer().put("large", new byte[LARGE], "java").statusCode()).isEqualTo(201);
        Socket reader = new Socket();
        attackers.add(reader);
        reader.setReceiveBufferSize(4096);
        reader.bind(new InetSocketAddress("127.0.0.6", 0));
        reader.connect(new InetSocketAddress(server.baseUri().getHost(), server.baseUri().getPort()));
        String get = "GET " + SessionApi.SESSIONS_PATH + "/large HTTP/1.1\r\nHost: localhost\r\n"
                + "Authorization: Bearer " + RunningServer.READER_TOKEN + "\r\n\r\n";
        reader.getOutputStream().write(get.repeat(64).getBytes(StandardCharsets.US_ASCII));
        reader.getOutputStream().flush();

        await().atMost(Duration.ofSeconds(5)).until(() -> closed("max-pipelined-requests") >= 1);
        assertLegitimateClientServed();
        server.writer().delete("large");
        assertCutQuietly(output);
    }

    /**
     * Sends {@code first}, then {@code line} every {@code pause} until the server closes; how long that took. A cut
     * request has no answer: the server closes without writing a byte.
     */
    private static Duration trickle(Socket socket, String first, String line, Duration pause) throws IOException {
        long start = System.nanoTime();
        OutputStream out = socket.getOutputStream();
        out.write(first.getBytes(StandardCharsets.US_ASCII));
        out.flush();
        socket.setSoTimeout((int) pause.toMillis());
        try {
            while (true) {
                try {
                    int answered = socket.getInputStream().read();
                    assertThat(answered).as("the first byte of an answer to a cut request").isNegative();
                    break;
                } catch (SocketTimeoutException pauseOver) {
                    out.write(line.getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                }
            }
        } catch (IOException closedByServer) {
            // a reset (writing to a connection the server closed) is a close as well
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    private List<Socket> open(String localAddress, int count) {
        List<Socket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                Socket socket = new Socket();
                attackers.add(socket);
                socket.bind(new InetSocketAddress(localAddress, 0));
                socket.connect(new InetSocketAddress(server.baseUri().getHost(), server.baseUri().getPort()));
                sockets.add(socket);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sockets;
    }

    /** A connection cut by a bound is no failure of the server: no stack trace, no 500, no decoding failure. */
    private static void assertCutQuietly(CapturedOutput output) {
        assertThat(output.getOut() + output.getErr())
                .doesNotContain("\tat ", " ERROR ", "onErrorDropped", "Decoding failed", "Unexpected failure",
                        "500 Server Error");
    }

    private static void assertLegitimateClientServed() {
        assertThat(server.reader().get("absent").statusCode()).isEqualTo(404);
    }

    private static double closed(String reason) {
        return server.bean(MeterRegistry.class).counter("sessiondata.connections.closed", "reason", reason).count();
    }
}
