package dev.sessiondata.bench.flex.model;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** A list field, filled with an ArrayList. */
public class ListHolder implements Serializable {

    private static final long serialVersionUID = 1L;

    private @Nullable List<String> values;

    public ListHolder() {
    }

    public ListHolder(@Nullable List<String> values) {
        this.values = values;
    }

    public @Nullable List<String> getValues() {
        return values;
    }

    public void setValues(@Nullable List<String> values) {
        this.values = values;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof ListHolder that && Objects.equals(values, that.values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(values);
    }

    @Override
    public String toString() {
        return "ListHolder{" + "values=" + values + "}";
    }
}
