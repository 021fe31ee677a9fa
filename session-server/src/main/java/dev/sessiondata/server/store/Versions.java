package dev.sessiondata.server.store;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.SplittableRandom;

/**
 * Makes session versions: 16 random hex digits. Random rather than counted, so that a session deleted and
 * written again never reuses a version an old {@code If-Match} still holds, on any node, without coordination.
 *
 * <p>What a version needs is to be unique, not secret: whoever may send {@code If-Match} may read the version. So
 * each thread draws from its own generator, seeded from {@link SecureRandom} (64 random bits, so no two threads on
 * any node start on the same stream), rather than every write taking {@code SecureRandom}'s lock and mixing its
 * output with SHA-1, which showed in the profiles of writes to the memory store.
 */
public final class Versions {

    private static final SecureRandom SEEDS = new SecureRandom();
    private static final ThreadLocal<SplittableRandom> RANDOM =
            ThreadLocal.withInitial(() -> new SplittableRandom(SEEDS.nextLong()));
    private static final HexFormat HEX = HexFormat.of();

    private Versions() {
    }

    public static String next() {
        return HEX.toHexDigits(RANDOM.get().nextLong());
    }
}
