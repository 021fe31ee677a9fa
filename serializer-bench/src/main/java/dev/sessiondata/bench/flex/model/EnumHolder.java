package dev.sessiondata.bench.flex.model;

import java.io.Serializable;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** An enum field. */
public class EnumHolder implements Serializable {

    private static final long serialVersionUID = 1L;

    private @Nullable Level level;

    public EnumHolder() {
    }

    public EnumHolder(@Nullable Level level) {
        this.level = level;
    }

    public @Nullable Level getLevel() {
        return level;
    }

    public void setLevel(@Nullable Level level) {
        this.level = level;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof EnumHolder that && Objects.equals(level, that.level);
    }

    @Override
    public int hashCode() {
        return Objects.hash(level);
    }

    @Override
    public String toString() {
        return "EnumHolder{" + "level=" + level + "}";
    }
}
