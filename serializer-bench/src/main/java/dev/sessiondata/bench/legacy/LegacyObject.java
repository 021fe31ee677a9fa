package dev.sessiondata.bench.legacy;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** The object of the old file-serialization benchmark: a long, a long[], a String and a null String. */
public class LegacyObject implements Serializable {

    private static final long serialVersionUID = 1L;

    private long id;
    private long @Nullable [] values;
    private @Nullable String name;
    private @Nullable String missing;

    public LegacyObject() {
    }

    /** The instance the benchmark races: 16 longs and a short name. */
    public static LegacyObject sample() {
        LegacyObject object = new LegacyObject();
        object.setId(1_234_567_890_123L);
        long[] values = new long[16];
        for (int i = 0; i < values.length; i++) {
            values[i] = 31L * i * i - 7L * i + 1_000_000_007L;
        }
        object.setValues(values);
        object.setName("file-serialization benchmark object");
        return object;
    }

    public long getId() {
        return id;
    }

    public void setId(long id) {
        this.id = id;
    }

    public long @Nullable [] getValues() {
        return values;
    }

    public void setValues(long @Nullable [] values) {
        this.values = values;
    }

    public @Nullable String getName() {
        return name;
    }

    public void setName(@Nullable String name) {
        this.name = name;
    }

    public @Nullable String getMissing() {
        return missing;
    }

    public void setMissing(@Nullable String missing) {
        this.missing = missing;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof LegacyObject that && id == that.id && Arrays.equals(values, that.values)
                && Objects.equals(name, that.name) && Objects.equals(missing, that.missing);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, name, missing) * 31 + Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return "LegacyObject{id=" + id + ", values=" + Arrays.toString(values) + ", name=" + name + '}';
    }
}
