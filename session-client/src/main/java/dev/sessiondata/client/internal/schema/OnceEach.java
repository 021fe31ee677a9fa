package dev.sessiondata.client.internal.schema;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Runs an action once per key, however many threads ask at the same moment: the first runs it, the others wait for
 * its result. A success is remembered, so asking again is free; a failure is forgotten, so a later call tries again.
 */
final class OnceEach<K> {

    private final ConcurrentMap<K, CompletableFuture<Void>> runs = new ConcurrentHashMap<>();

    void run(K key, Runnable action) {
        CompletableFuture<Void> mine = new CompletableFuture<>();
        CompletableFuture<Void> running = runs.putIfAbsent(key, mine);
        if (running != null) {
            await(running);
            return;
        }
        try {
            action.run();
            mine.complete(null);
        } catch (RuntimeException | Error e) {
            runs.remove(key, mine);
            mine.completeExceptionally(e);
            throw e;
        }
    }

    /** Records {@code key} as done without running anything. */
    void markDone(K key) {
        runs.putIfAbsent(key, CompletableFuture.completedFuture(null));
    }

    private static void await(CompletableFuture<Void> running) {
        try {
            running.join();
        } catch (CompletionException e) {
            // the thread that ran the action failed: report the same failure here
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }
}
