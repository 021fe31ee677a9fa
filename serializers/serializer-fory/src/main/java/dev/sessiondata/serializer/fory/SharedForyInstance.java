package dev.sessiondata.serializer.fory;

import org.apache.fory.Fory;
import org.apache.fory.memory.MemoryBuffer;
import org.jspecify.annotations.Nullable;

/**
 * One Fory instance of {@code fory-shared} with the contexts it writes and reads with, used by one call at a time
 * ({@link ThreadInstances}): a call finds them in fields, not in maps keyed by instance.
 */
final class SharedForyInstance extends ThreadInstances.Instance {

    final Fory fory;
    /** Whether {@link #fory} generates serializers (or reads and writes with Fory's interpreter serializers). */
    final boolean generatesCode;
    /** The budget of the read in progress, for the instance's hooks; cleared when each read of {@link #fory} ends. */
    final ReadBudgetSlot budget;
    /** The context writes start from; replaced when the published set changes ({@link WrittenTypeDefs#prepare}). */
    WrittenTypeDefs.@Nullable SetWriteContext writeContext;
    final InstalledTypeDefs.InstanceContexts readContexts = new InstalledTypeDefs.InstanceContexts();
    /** Pointed at each payload read, instead of a buffer allocated per read. */
    final MemoryBuffer input = MemoryBuffer.newHeapBuffer(0);

    SharedForyInstance(Fory fory, ReadBudgetSlot budget, boolean generatesCode) {
        this.fory = fory;
        this.budget = budget;
        this.generatesCode = generatesCode;
    }
}
