package dev.sessiondata.bench.flex;

import dev.sessiondata.workload.model.SessionContext;
import dev.sessiondata.workload.SessionWorkload;
import dev.sessiondata.bench.flex.model.Bag;
import dev.sessiondata.bench.outside.Outsider;
import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SessionSerializer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** The safety columns: the allow-list against a foreign class, and corrupt input. */
final class SafetyProbes {

    private static final long CASE_TIMEOUT_SECONDS = 2;

    private SafetyProbes() {
    }

    /** What the writer JVM writes for {@link #allowList}: an Outsider at top level and inside a List of Object. */
    static List<Object> outsiderPayloads() {
        return List.of(new Outsider(), new Bag(new ArrayList<>(List.of("harmless", new Outsider()))));
    }

    /**
     * Reads the outsider payloads with a strict reader: each must be refused with a SerializationException or read
     * as plain data, and the Outsider class must never be initialized in this JVM.
     */
    static Verdict allowList(SessionSerializer strict, byte[] topLevel, byte[] nested) {
        List<String> problems = new ArrayList<>();
        check(problems, "top level", () -> strict.deserialize(topLevel, Object.class));
        check(problems, "in a List<Object>", () -> strict.deserialize(nested, Bag.class));
        if (System.getProperty(Outsider.INITIALIZED_PROPERTY) != null) {
            problems.add("the Outsider class was initialized");
        }
        return problems.isEmpty() ? Verdict.pass("refused or read as plain data, never initialized")
                : Verdict.fail(String.join("; ", problems));
    }

    /**
     * Every truncation, every byte set to its complement and to 0x00, and 100 random arrays of a small session
     * context's payload: each must give a value or a SerializationException within 2 s. Stops at the first
     * case that hangs, since its thread cannot be stopped.
     */
    static Verdict corruptInput(SessionSerializer serializer) {
        byte[] valid = serializer.serialize(new SessionWorkload(SessionWorkload.DEFAULT_SEED).shape(2, 64));
        List<byte[]> cases = new ArrayList<>();
        for (int length = 0; length < valid.length; length++) {
            cases.add(Arrays.copyOf(valid, length));
        }
        for (int position = 0; position < valid.length; position++) {
            for (int replacement : new int[] {~valid[position], 0}) {
                byte[] flipped = valid.clone();
                flipped[position] = (byte) replacement;
                cases.add(flipped);
            }
        }
        Random random = new Random(42);
        for (int i = 0; i < 100; i++) {
            byte[] garbage = new byte[1 + random.nextInt(1024)];
            random.nextBytes(garbage);
            cases.add(garbage);
        }
        ExecutorService worker = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "corrupt-input-probe");
            thread.setDaemon(true);
            return thread;
        });
        int values = 0;
        int refusals = 0;
        List<String> unclean = new ArrayList<>();
        try {
            for (byte[] data : cases) {
                Future<Boolean> outcome = worker.submit(() -> {
                    try {
                        serializer.deserialize(data, SessionContext.class);
                        return true;
                    } catch (SerializationException refused) {
                        return false;
                    }
                });
                try {
                    if (outcome.get(CASE_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                        values++;
                    } else {
                        refusals++;
                    }
                } catch (ExecutionException e) {
                    if (unclean.size() < 3) {
                        unclean.add(e.getCause().getClass().getName());
                    }
                } catch (TimeoutException e) {
                    return Verdict.fail("a case of " + data.length + " bytes did not finish within "
                            + CASE_TIMEOUT_SECONDS + " s");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Verdict.fail("interrupted");
        } finally {
            worker.shutdownNow();
        }
        String counts = cases.size() + " cases: " + values + " values, " + refusals + " SerializationExceptions";
        return unclean.isEmpty() ? Verdict.pass(counts) : Verdict.fail(counts + "; other exceptions: " + unclean);
    }

    private static void check(List<String> problems, String where, java.util.function.Supplier<Object> read) {
        try {
            Object value = read.get();
            if (containsOutsider(value)) {
                problems.add(where + ": an Outsider instance was read");
            }
        } catch (SerializationException refused) {
            // refused: what the allow-list is for
        } catch (RuntimeException | Error e) {
            problems.add(where + ": " + e.getClass().getSimpleName() + " instead of a SerializationException");
        }
    }

    private static boolean containsOutsider(Object value) {
        if (value instanceof Outsider) {
            return true;
        }
        return value instanceof Bag bag && bag.getItems() != null
                && bag.getItems().stream().anyMatch(item -> item instanceof Outsider);
    }
}
