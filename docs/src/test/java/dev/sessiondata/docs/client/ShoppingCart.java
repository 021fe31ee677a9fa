package dev.sessiondata.docs.client;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/** The manual's session class: what a shop keeps for a user between requests. */
// tag::class[]
public class ShoppingCart implements Serializable {

    private static final long serialVersionUID = 1L;

    private final List<String> items = new ArrayList<>();

    public ShoppingCart add(String item) {
        items.add(item);
        return this;
    }

    public List<String> items() {
        return items;
    }
}
// end::class[]
