package dev.sessiondata.bench.flex.model;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** A list of Object holding elements of different classes. */
public class Bag implements Serializable {

    private static final long serialVersionUID = 1L;

    private @Nullable List<Object> items;

    public Bag() {
    }

    public Bag(@Nullable List<Object> items) {
        this.items = items;
    }

    public @Nullable List<Object> getItems() {
        return items;
    }

    public void setItems(@Nullable List<Object> items) {
        this.items = items;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof Bag that && Objects.equals(items, that.items);
    }

    @Override
    public int hashCode() {
        return Objects.hash(items);
    }

    @Override
    public String toString() {
        return "Bag{" + "items=" + items + "}";
    }
}
