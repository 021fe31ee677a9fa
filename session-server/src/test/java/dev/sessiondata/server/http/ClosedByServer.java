package dev.sessiondata.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.List;

/** What the attacking connections of the connection-bound tests see of the server's closes. */
final class ClosedByServer {

    private ClosedByServer() {
    }

    /**
     * How many of the sockets the server has closed: a read sees the end of the stream (or a reset). A connection
     * closed for a bound has no answer waiting: a cut request must not be answered as one that was served.
     */
    static int count(List<Socket> sockets) {
        int closed = 0;
        for (Socket socket : sockets) {
            try {
                socket.setSoTimeout(1);
                int answered = socket.getInputStream().read();
                assertThat(answered).as("the first byte of an answer on a connection closed for a bound").isNegative();
                closed++;
            } catch (SocketTimeoutException open) {
                // nothing to read and not closed
            } catch (IOException reset) {
                closed++;
            }
        }
        return closed;
    }
}
