package dev.sessiondata.bench.flex;

import java.io.IOException;
import one.nio.serial.Repository;

/**
 * The One Nio descriptor exchange, as the client does it through the server: the writer's class descriptors
 * (One Nio's repository snapshot) are installed in the reader before it reads. Only loaded for the one-nio column
 * that scores the exchange.
 */
final class OneNioExchange {

    private OneNioExchange() {
    }

    static byte[] export() throws IOException {
        return Repository.saveSnapshot();
    }

    static void install(byte[] snapshot) throws IOException, ClassNotFoundException {
        Repository.loadSnapshot(snapshot);
    }
}
