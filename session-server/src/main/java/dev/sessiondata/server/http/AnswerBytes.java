package dev.sessiondata.server.http;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The bound on the bytes of answers in flight ({@link OverloadProperties#maxAnswerBytes()}): the bytes read from the
 * store and not yet written to their clients. {@link Admission} takes an answer's bytes when it is made; a route
 * that reads a large value takes them before the value leaves the store ({@link #reserveUpTo}), so that what crosses
 * from the store is bounded too, not only what waits for a socket.
 *
 * <p>An answer larger than {@link #smallAnswerBytes()} is large: large answers together hold at most
 * {@link #largeAnswerBytes()}, three quarters of the bound. The last quarter is kept for small answers, so clients
 * that read small sessions are served while clients that never read their large answers hold all the large share.
 * An answer larger than the large share takes all of it (when nothing else holds any), so the bound never makes a
 * session unreadable. Never waits.
 */
public final class AnswerBytes {

    private final long maxBytes;
    private final long largeBytes;
    private final long smallBytes;
    private final AtomicLong held = new AtomicLong();

    public AnswerBytes(OverloadProperties properties) {
        this.maxBytes = properties.maxAnswerBytes().toBytes();
        this.largeBytes = Math.max(1, maxBytes - maxBytes / 4);
        // a small answer always fits the quarter kept for small ones
        this.smallBytes = Math.max(1, Math.min(properties.smallAnswerBytes().toBytes(), maxBytes / 4));
    }

    /** The size up to which an answer is small: it may use the whole bound, and is read without a reservation. */
    public long smallAnswerBytes() {
        return smallBytes;
    }

    /** The most bytes large answers hold together. */
    public long largeAnswerBytes() {
        return largeBytes;
    }

    /** The bytes an answer of {@code length} holds: a large one at most {@link #largeAnswerBytes()}. */
    long counted(long length) {
        return length > smallBytes ? Math.min(length, largeBytes) : Math.max(1, length);
    }

    /**
     * Takes the bytes of an answer of {@code length} ({@link #counted}); the bytes taken, to {@link #release} once it
     * is written, or {@code -1} when they are not there.
     */
    long tryTake(long length) {
        long bytes = counted(length);
        long limit = length > smallBytes ? largeBytes : maxBytes;
        long before;
        do {
            before = held.get();
            if (before + bytes > limit) {
                return -1;
            }
        } while (!held.compareAndSet(before, before + bytes));
        return bytes;
    }

    /**
     * Takes as many of {@code bytes} as the large share has room for, none when it has none: what a read of a value
     * of unknown size reserves before it asks the store; the bytes taken, to {@link #release}.
     */
    long reserveUpTo(long bytes) {
        long before;
        long taken;
        do {
            before = held.get();
            taken = Math.min(bytes, largeBytes - before);
            if (taken <= 0) {
                return 0;
            }
        } while (!held.compareAndSet(before, before + taken));
        return taken;
    }

    /** Gives back bytes taken; {@code 0} does nothing. */
    void release(long bytes) {
        if (bytes > 0) {
            held.addAndGet(-bytes);
        }
    }

    /** The bytes held now; for tests and a gauge. */
    public long held() {
        return held.get();
    }
}
