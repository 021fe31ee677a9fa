package dev.sessiondata.serializer.fory;

import org.apache.fory.Fory;

/** One Fory instance of {@code fory}, used by one call at a time ({@link ThreadInstances}). */
final class ForyInstance extends ThreadInstances.Instance {

    final Fory fory;
    /** The budget of the read in progress, for the instance's hooks; cleared when each read of {@link #fory} ends. */
    final ReadBudgetSlot budget;

    ForyInstance(Fory fory, ReadBudgetSlot budget) {
        this.fory = fory;
        this.budget = budget;
    }
}
