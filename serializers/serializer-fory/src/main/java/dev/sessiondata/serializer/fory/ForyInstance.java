package dev.sessiondata.serializer.fory;

import org.apache.fory.Fory;

/** One Fory instance of {@code fory}, used by one call at a time ({@link ThreadInstances}). */
final class ForyInstance extends ThreadInstances.Instance {

    final Fory fory;
    /** Filled around each read of {@link #fory}. */
    final ReadBudgetSlot budget;

    ForyInstance(Fory fory, ReadBudgetSlot budget) {
        this.fory = fory;
        this.budget = budget;
    }
}
