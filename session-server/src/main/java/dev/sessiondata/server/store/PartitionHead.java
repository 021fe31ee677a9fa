package dev.sessiondata.server.store;

import java.util.Objects;

/** Where a partition's change feed is: its epoch and the sequence number of its last change (0: none yet). */
public record PartitionHead(String epoch, long sequence) {

    public PartitionHead {
        Objects.requireNonNull(epoch, "epoch");
        if (sequence < 0) {
            throw new IllegalArgumentException("a sequence number is never negative, was " + sequence);
        }
    }
}
