package dev.sessiondata.server.store;

import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/** The partition of a session id, the same in every process and release: every store and instance agree on it. */
public final class SessionPartitions {

    /** The partitions of a deployment that does not configure them. */
    public static final int DEFAULT = 16;

    private SessionPartitions() {
    }

    /** The CRC-32 of the id's UTF-8 bytes modulo {@code partitions}. */
    public static int of(String id, int partitions) {
        CRC32 crc = new CRC32();
        crc.update(id.getBytes(StandardCharsets.UTF_8));
        return (int) (crc.getValue() % partitions);
    }
}
