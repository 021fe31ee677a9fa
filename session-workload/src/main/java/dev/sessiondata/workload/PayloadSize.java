package dev.sessiondata.workload;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The payload sizes of the serializer race, from the empty context to a megabyte. */
public enum PayloadSize {
    /** The smallest context: a new {@link dev.sessiondata.workload.model.SessionContext} with no field set. */
    EMPTY("0B", 0),
    B100("100B", 100),
    KB1("1KB", 1024),
    KB10("10KB", 10 * 1024),
    KB100("100KB", 100 * 1024),
    MB1("1MB", 1024 * 1024);

    private final String label;
    private final int bytes;

    PayloadSize(String label, int bytes) {
        this.label = label;
        this.bytes = bytes;
    }

    /** How reports and benchmark parameters name this size: {@code 0B}, {@code 100B} ... {@code 1MB}. */
    public String label() {
        return label;
    }

    /** The target serialized size in bytes. */
    public int bytes() {
        return bytes;
    }

    /** The size of this label; an {@link IllegalArgumentException} listing the labels for anything else. */
    public static PayloadSize ofLabel(String label) {
        for (PayloadSize size : values()) {
            if (size.label.equals(label)) {
                return size;
            }
        }
        throw new IllegalArgumentException("unknown payload size '" + label + "'; known: "
                + Arrays.stream(values()).map(PayloadSize::label).collect(Collectors.joining(", ")));
    }
}
