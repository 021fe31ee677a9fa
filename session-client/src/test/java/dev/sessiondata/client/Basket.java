package dev.sessiondata.client;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.LocalDate;

/** A session class of the One Nio tests, with a nested class, a decimal and a date. */
public class Basket implements Serializable {

    private static final long serialVersionUID = 1L;

    public String owner;
    public LocalDate created;
    public Line line;

    /** The nested DTO: a top-level descriptor alone would not let a peer read a basket. */
    public static class Line implements Serializable {

        private static final long serialVersionUID = 1L;

        public String sku;
        public BigDecimal price;
    }
}
