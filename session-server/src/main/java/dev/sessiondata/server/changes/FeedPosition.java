package dev.sessiondata.server.changes;

import dev.sessiondata.server.store.PartitionHead;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A subscriber's position in the feed, per partition the epoch and the last sequence number delivered, as the
 * opaque text of an event's {@code id:} and a reconnect's {@code Last-Event-ID}: {@code <epoch>.<sequence>} per
 * partition, joined by {@code _} (characters a header carries as they are).
 */
final class FeedPosition {

    private static final int MAX_LENGTH = 64 * 1024;

    private FeedPosition() {
    }

    static String text(String[] epochs, long[] sequences) {
        StringBuilder text = new StringBuilder(epochs.length * 30);
        for (int p = 0; p < epochs.length; p++) {
            if (p > 0) {
                text.append('_');
            }
            text.append(epochs[p]).append('.').append(sequences[p]);
        }
        return text.toString();
    }

    /** The position a text stands for; empty when it is not one of {@code partitions} partitions. */
    static Optional<List<PartitionHead>> parse(String text, int partitions) {
        if (text.length() > MAX_LENGTH) {
            return Optional.empty();
        }
        String[] parts = text.split("_", -1);
        if (parts.length != partitions) {
            return Optional.empty();
        }
        List<PartitionHead> position = new ArrayList<>(partitions);
        for (String part : parts) {
            int dot = part.lastIndexOf('.');
            if (dot < 1) {
                return Optional.empty();
            }
            try {
                long sequence = Long.parseLong(part.substring(dot + 1));
                if (sequence < 0) {
                    return Optional.empty();
                }
                position.add(new PartitionHead(part.substring(0, dot), sequence));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        return Optional.of(position);
    }
}
