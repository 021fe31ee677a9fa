package dev.sessiondata.bench.flex.model;

import java.io.Serializable;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** The superclass of {@link Dog}. */
public class Animal implements Serializable {

    private static final long serialVersionUID = 1L;

    private @Nullable String name;

    public Animal() {
    }

    public Animal(@Nullable String name) {
        this.name = name;
    }

    public @Nullable String getName() {
        return name;
    }

    public void setName(@Nullable String name) {
        this.name = name;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o != null && o.getClass() == getClass() && o instanceof Animal that && Objects.equals(name, that.name);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name);
    }

    @Override
    public String toString() {
        return "Animal{" + "name=" + name + "}";
    }
}
