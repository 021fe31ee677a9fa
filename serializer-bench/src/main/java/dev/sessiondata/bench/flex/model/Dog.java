package dev.sessiondata.bench.flex.model;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** A subclass whose superclass holds a field: both must survive. */
public class Dog extends Animal {

    private static final long serialVersionUID = 1L;

    private int barks;

    public Dog() {
    }

    public Dog(String name, int barks) {
        super(name);
        this.barks = barks;
    }

    public int getBarks() {
        return barks;
    }

    public void setBarks(int barks) {
        this.barks = barks;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return super.equals(o) && o instanceof Dog that && barks == that.barks;
    }

    @Override
    public int hashCode() {
        return Objects.hash(super.hashCode(), barks);
    }
}
