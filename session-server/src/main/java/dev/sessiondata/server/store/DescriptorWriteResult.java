package dev.sessiondata.server.store;

import java.util.List;

/**
 * What a descriptor batch did: how many descriptors were new; or, when {@code conflicts} is not empty, the uids held
 * with other bytes; or, when {@code full}, that the new ones would pass the store's bound. A refused batch stored
 * nothing.
 */
public record DescriptorWriteResult(int added, List<Long> conflicts, boolean full) {

    public DescriptorWriteResult {
        conflicts = List.copyOf(conflicts);
        if ((!conflicts.isEmpty() || full) && added != 0) {
            throw new IllegalArgumentException("a refused batch adds nothing");
        }
    }

    public static DescriptorWriteResult stored(int added) {
        return new DescriptorWriteResult(added, List.of(), false);
    }

    public static DescriptorWriteResult refused(List<Long> conflicts) {
        return new DescriptorWriteResult(0, conflicts, false);
    }

    /** The batch's new descriptors would take the serializer's descriptors past the bound: nothing stored. */
    public static DescriptorWriteResult overBound() {
        return new DescriptorWriteResult(0, List.of(), true);
    }

    public boolean isRefused() {
        return !conflicts.isEmpty() || full;
    }
}
