package dev.sessiondata.sample;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The next version of the sample's Cart, as a later release of the application has it: the same items and a
 * currency the first version lacks. ClassVersionsIT compiles it apart and runs the sample with it first on the class
 * path; a cart the first version wrote reads here with no currency (null: One Nio runs no initializer).
 */
public class Cart implements Serializable {

    private final List<String> items = new ArrayList<>();
    private String currency = "EUR";

    public Cart add(String item) {
        items.add(item);
        return this;
    }

    public List<String> items() {
        return items;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Cart cart && items.equals(cart.items) && Objects.equals(currency, cart.currency);
    }

    @Override
    public int hashCode() {
        return Objects.hash(items, currency);
    }

    @Override
    public String toString() {
        return "Cart" + items + " in " + currency;
    }
}
