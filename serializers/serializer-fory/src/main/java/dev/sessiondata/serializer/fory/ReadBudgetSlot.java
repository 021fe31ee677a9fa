package dev.sessiondata.serializer.fory;

import dev.sessiondata.serializer.ReadBudget;
import org.jspecify.annotations.Nullable;

/**
 * The {@link ReadBudget} of the read one Fory instance is doing, for the instance's hooks
 * ({@link HashNestingSerializers}, twice per hash-based collection) to find in a field: looked up once per read, at
 * the first hook that needs it, and forgotten when the read ends ({@link #clear()}). Looking it up with
 * {@link ReadBudget#current()} in every hook, a thread-local lookup each time, was 12 % of the JFR samples of a 1 KB
 * {@code fory} round trip through the SPI on JDK 25 ({@code Reference.refersTo} under
 * {@code ThreadLocalMap.getEntry}, from {@code HashedMap.newMap}); a read without such a collection (an empty
 * session) looks up nothing more than before.
 */
final class ReadBudgetSlot {

    private final boolean keeps;
    private @Nullable ReadBudget budget;

    private ReadBudgetSlot(boolean keeps) {
        this.keeps = keeps;
    }

    /** The slot of an instance whose every read ends with {@link #clear()}. */
    static ReadBudgetSlot keptPerRead() {
        return new ReadBudgetSlot(true);
    }

    /**
     * The slot of an instance that writes or works out type definitions but reads no payload (whose reads, if any, do
     * not end with {@link #clear()}): it keeps nothing, so no budget outlives its read.
     */
    static ReadBudgetSlot lookedUpEachTime() {
        return new ReadBudgetSlot(false);
    }

    /** The budget of the read in progress on this thread. */
    ReadBudget budget() {
        ReadBudget kept = budget;
        if (kept == null) {
            kept = ReadBudget.current();
            if (keeps) {
                budget = kept;
            }
        }
        return kept;
    }

    /** Ends the read: the slot holds no budget between reads. */
    void clear() {
        budget = null;
    }
}
