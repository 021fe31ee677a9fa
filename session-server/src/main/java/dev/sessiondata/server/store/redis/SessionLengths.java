package dev.sessiondata.server.store.redis;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The body length this instance last wrote or read of a session, by id, in a fixed table that forgets: an id shares
 * its slot with others, the last one seen holds it. It only chooses how a read with a ceiling asks Redis
 * ({@link RedisSessionStore#get}); the ceiling holds either way, so a wrong or forgotten length costs a read its
 * cheaper form, never its bound. A session rewritten larger by another instance is caught by the bounded read itself,
 * which then notes its new length here.
 */
final class SessionLengths {

    /** Enough slots for the sessions a busy instance reads again and again; the table is 8 bytes a slot. */
    private static final int SLOTS = 1 << 16;
    private static final long LENGTH_BITS = 0xFFFF_FFFFL;

    /** A slot: the id's hash in the high half, the length in the low half (lengths above 4 GiB never fit a ceiling). */
    private final AtomicLongArray slots = new AtomicLongArray(SLOTS);

    /** Notes the body length of the session {@code id}. */
    void saw(String id, long length) {
        int hash = spread(id);
        slots.setOpaque(hash & (SLOTS - 1), (long) hash << 32 | Math.min(length, LENGTH_BITS));
    }

    /** Whether the session {@code id} was last seen with a body of at most {@code ceiling} bytes. */
    boolean within(String id, long ceiling) {
        int hash = spread(id);
        long slot = slots.getOpaque(hash & (SLOTS - 1));
        return (int) (slot >>> 32) == hash && slot != 0 && (slot & LENGTH_BITS) <= ceiling;
    }

    private static int spread(String id) {
        int hash = id.hashCode();
        return hash ^ (hash >>> 16);
    }
}
