package dev.sessiondata.bench.flex.model;

import java.io.Serializable;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** A set field, filled with a HashSet. */
public class SetHolder implements Serializable {

    private static final long serialVersionUID = 1L;

    private @Nullable Set<String> values;

    public SetHolder() {
    }

    public SetHolder(@Nullable Set<String> values) {
        this.values = values;
    }

    public @Nullable Set<String> getValues() {
        return values;
    }

    public void setValues(@Nullable Set<String> values) {
        this.values = values;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof SetHolder that && Objects.equals(values, that.values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(values);
    }

    @Override
    public String toString() {
        return "SetHolder{" + "values=" + values + "}";
    }
}
