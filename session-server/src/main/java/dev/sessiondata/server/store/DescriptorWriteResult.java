package dev.sessiondata.server.store;

import java.util.List;

/**
 * What a descriptor batch did: how many descriptors were new, or, when {@code conflicts} is not empty, the uids
 * held with other bytes, in which case nothing was stored.
 */
public record DescriptorWriteResult(int added, List<Long> conflicts) {

    public DescriptorWriteResult {
        conflicts = List.copyOf(conflicts);
        if (!conflicts.isEmpty() && added != 0) {
            throw new IllegalArgumentException("a refused batch adds nothing");
        }
    }

    public static DescriptorWriteResult stored(int added) {
        return new DescriptorWriteResult(added, List.of());
    }

    public static DescriptorWriteResult refused(List<Long> conflicts) {
        return new DescriptorWriteResult(0, conflicts);
    }

    public boolean isRefused() {
        return !conflicts.isEmpty();
    }
}
