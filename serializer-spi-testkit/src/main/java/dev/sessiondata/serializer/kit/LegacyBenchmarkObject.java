package dev.sessiondata.serializer.kit;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Objects;

/** The object of the old file-serialization benchmark: a long, a long[], a String and a null String. */
public class LegacyBenchmarkObject implements Serializable {

    private static final long serialVersionUID = 1L;

    private long id;
    private long[] values;
    private String name;
    private String missing;

    public LegacyBenchmarkObject() {
    }

    public LegacyBenchmarkObject(long id, long[] values, String name, String missing) {
        this.id = id;
        this.values = values;
        this.name = name;
        this.missing = missing;
    }

    public long getId() {
        return id;
    }

    public void setId(long id) {
        this.id = id;
    }

    public long[] getValues() {
        return values;
    }

    public void setValues(long[] values) {
        this.values = values;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public String getMissing() {
        return missing;
    }

    public void setMissing(String missing) {
        this.missing = missing;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LegacyBenchmarkObject that && id == that.id && Arrays.equals(values, that.values)
                && Objects.equals(name, that.name) && Objects.equals(missing, that.missing);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, Arrays.hashCode(values), name, missing);
    }

    @Override
    public String toString() {
        return "LegacyBenchmarkObject{id=" + id + ", values=" + Arrays.toString(values) + ", name=" + name
                + ", missing=" + missing + '}';
    }
}
