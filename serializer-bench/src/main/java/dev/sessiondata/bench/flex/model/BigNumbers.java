package dev.sessiondata.bench.flex.model;

import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** Arbitrary-precision numbers. */
public class BigNumbers implements Serializable {

    private static final long serialVersionUID = 1L;

    private @Nullable BigInteger integer;
    private @Nullable BigDecimal decimal;

    public BigNumbers() {
    }

    public BigNumbers(@Nullable BigInteger integer, @Nullable BigDecimal decimal) {
        this.integer = integer;
        this.decimal = decimal;
    }

    public @Nullable BigInteger getInteger() {
        return integer;
    }

    public void setInteger(@Nullable BigInteger integer) {
        this.integer = integer;
    }

    public @Nullable BigDecimal getDecimal() {
        return decimal;
    }

    public void setDecimal(@Nullable BigDecimal decimal) {
        this.decimal = decimal;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof BigNumbers that && Objects.equals(integer, that.integer) && Objects.equals(decimal, that.decimal);
    }

    @Override
    public int hashCode() {
        return Objects.hash(integer, decimal);
    }

    @Override
    public String toString() {
        return "BigNumbers{" + "integer=" + integer + ", " + "decimal=" + decimal + "}";
    }
}
