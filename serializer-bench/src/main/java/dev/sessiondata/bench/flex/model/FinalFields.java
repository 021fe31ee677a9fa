package dev.sessiondata.bench.flex.model;

import java.io.Serializable;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** Private final fields and no setters; a private no-arg constructor, so only the finality is probed. */
public final class FinalFields implements Serializable {

    private static final long serialVersionUID = 1L;

    private final long id;
    private final @Nullable String name;

    private FinalFields() {
        this(0, null);
    }

    public FinalFields(long id, @Nullable String name) {
        this.id = id;
        this.name = name;
    }

    public long getId() {
        return id;
    }

    public @Nullable String getName() {
        return name;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof FinalFields that && id == that.id && Objects.equals(name, that.name);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, name);
    }
}
