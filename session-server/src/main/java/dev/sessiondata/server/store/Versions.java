package dev.sessiondata.server.store;

import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * Makes session versions: 16 random hex digits. Random rather than counted, so that a session deleted and
 * written again never reuses a version an old {@code If-Match} still holds, on any node, without coordination.
 */
public final class Versions {

    private static final SecureRandom RANDOM = new SecureRandom();

    private Versions() {
    }

    public static String next() {
        return HexFormat.of().toHexDigits(RANDOM.nextLong());
    }
}
