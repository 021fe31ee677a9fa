package dev.sessiondata.bench.flex.model;

import java.io.Serializable;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** A field declared as an interface. */
public class Wallet implements Serializable {

    private static final long serialVersionUID = 1L;

    private @Nullable PaymentMethod method;

    public Wallet() {
    }

    public Wallet(@Nullable PaymentMethod method) {
        this.method = method;
    }

    public @Nullable PaymentMethod getMethod() {
        return method;
    }

    public void setMethod(@Nullable PaymentMethod method) {
        this.method = method;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof Wallet that && Objects.equals(method, that.method);
    }

    @Override
    public int hashCode() {
        return Objects.hash(method);
    }

    @Override
    public String toString() {
        return "Wallet{" + "method=" + method + "}";
    }
}
