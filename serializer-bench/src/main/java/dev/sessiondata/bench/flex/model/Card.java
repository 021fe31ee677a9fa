package dev.sessiondata.bench.flex.model;

import java.io.Serializable;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** The implementation of {@link PaymentMethod} the probes use. */
public class Card implements PaymentMethod {

    private static final long serialVersionUID = 1L;

    private @Nullable String number;

    public Card() {
    }

    public Card(@Nullable String number) {
        this.number = number;
    }

    public @Nullable String getNumber() {
        return number;
    }

    public void setNumber(@Nullable String number) {
        this.number = number;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof Card that && Objects.equals(number, that.number);
    }

    @Override
    public int hashCode() {
        return Objects.hash(number);
    }

    @Override
    public String toString() {
        return "Card{" + "number=" + number + "}";
    }
}
