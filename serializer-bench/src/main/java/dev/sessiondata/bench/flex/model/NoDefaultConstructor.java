package dev.sessiondata.bench.flex.model;

import java.io.Serializable;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** Only a constructor with arguments: a library must create it without calling a constructor, or fail. */
public final class NoDefaultConstructor implements Serializable {

    private static final long serialVersionUID = 1L;

    private final long id;
    private final @Nullable String name;


    public NoDefaultConstructor(long id, @Nullable String name) {
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
        return o instanceof NoDefaultConstructor that && id == that.id && Objects.equals(name, that.name);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, name);
    }
}
