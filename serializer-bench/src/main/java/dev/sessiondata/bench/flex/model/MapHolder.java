package dev.sessiondata.bench.flex.model;

import java.io.Serializable;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** A map field, filled with a LinkedHashMap or a HashMap by the probes. */
public class MapHolder implements Serializable {

    private static final long serialVersionUID = 1L;

    private @Nullable Map<String, Integer> values;

    public MapHolder() {
    }

    public MapHolder(@Nullable Map<String, Integer> values) {
        this.values = values;
    }

    public @Nullable Map<String, Integer> getValues() {
        return values;
    }

    public void setValues(@Nullable Map<String, Integer> values) {
        this.values = values;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof MapHolder that && Objects.equals(values, that.values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(values);
    }

    @Override
    public String toString() {
        return "MapHolder{" + "values=" + values + "}";
    }
}
