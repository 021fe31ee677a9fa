package dev.sessiondata.serializer.fory;

import dev.sessiondata.serializer.ReadBudget;
import org.jspecify.annotations.Nullable;

/**
 * The {@link ReadBudget} of the read one Fory instance is doing, set by the serializer around each read, so that the
 * instance's hooks ({@link HashNestingSerializers}, twice per hash-based collection) find it in a field. Looking it up
 * with {@link ReadBudget#current()} there, a thread-local lookup each time, was 12 % of the JFR samples of a 1 KB
 * {@code fory} round trip through the SPI on JDK 25 ({@code Reference.refersTo} under {@code ThreadLocalMap.getEntry},
 * from {@code HashedMap.newMap}).
 */
final class ReadBudgetSlot {

    private @Nullable ReadBudget budget;

    /** Starts a read of the instance with this thread's current budget; pair with {@link #clear()}. */
    void fill() {
        budget = ReadBudget.current();
    }

    /** Ends the read: the slot holds no budget between reads. */
    void clear() {
        budget = null;
    }

    /** The budget of the read in progress; the thread's, for a read that did not {@link #fill} the slot. */
    ReadBudget budget() {
        ReadBudget filled = budget;
        return filled != null ? filled : ReadBudget.current();
    }
}
