package dev.sessiondata.client.e2e;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** A small session value of the end-to-end tests: a nested DTO list, a decimal and an instant. */
public class Cart implements Serializable {

    private static final long serialVersionUID = 1L;

    private String owner;
    private Instant createdAt;
    private List<CartItem> items = new ArrayList<>();

    public Cart() {
    }

    public Cart(String owner, Instant createdAt) {
        this.owner = owner;
        this.createdAt = createdAt;
    }

    public Cart with(String sku, String price) {
        Cart copy = new Cart(owner, createdAt);
        copy.items = new ArrayList<>(items);
        copy.items.add(new CartItem(sku, new BigDecimal(price)));
        return copy;
    }

    public List<CartItem> items() {
        return items;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Cart that && Objects.equals(owner, that.owner)
                && Objects.equals(createdAt, that.createdAt) && Objects.equals(items, that.items);
    }

    @Override
    public int hashCode() {
        return Objects.hash(owner, createdAt, items);
    }

    @Override
    public String toString() {
        return "Cart{" + owner + ", " + createdAt + ", " + items + '}';
    }

    /** One line of a cart. */
    public static class CartItem implements Serializable {

        private static final long serialVersionUID = 1L;

        private String sku;
        private BigDecimal price;

        public CartItem() {
        }

        CartItem(String sku, BigDecimal price) {
            this.sku = sku;
            this.price = price;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof CartItem that && Objects.equals(sku, that.sku) && Objects.equals(price, that.price);
        }

        @Override
        public int hashCode() {
            return Objects.hash(sku, price);
        }

        @Override
        public String toString() {
            return sku + "@" + price;
        }
    }
}
