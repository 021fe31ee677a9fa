package dev.sessiondata.sample;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The cart a user fills before and after logging in: an attribute class of the application's own. */
public class Cart implements Serializable {

    private final List<String> items = new ArrayList<>();

    public Cart add(String item) {
        items.add(item);
        return this;
    }

    public List<String> items() {
        return items;
    }

    @Override
    public boolean equals(@Nullable Object other) {
        return other instanceof Cart cart && items.equals(cart.items);
    }

    @Override
    public int hashCode() {
        return items.hashCode();
    }

    @Override
    public String toString() {
        return "Cart" + items;
    }
}
