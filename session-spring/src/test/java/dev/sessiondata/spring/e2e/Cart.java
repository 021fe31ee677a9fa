package dev.sessiondata.spring.e2e;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** A session attribute of the application's own: allowed by package, with a slot that can hold anything. */
public class Cart implements Serializable {

    private final List<String> items = new ArrayList<>();
    private @Nullable Object note;

    public Cart add(String item) {
        items.add(item);
        return this;
    }

    public Cart note(@Nullable Object note) {
        this.note = note;
        return this;
    }

    public List<String> items() {
        return items;
    }

    @Override
    public boolean equals(@Nullable Object other) {
        return other instanceof Cart cart && items.equals(cart.items) && Objects.equals(note, cart.note);
    }

    @Override
    public int hashCode() {
        return Objects.hash(items, note);
    }

    @Override
    public String toString() {
        return "Cart" + items + (note == null ? "" : " " + note);
    }
}
