package dev.sessiondata.bench.time;

import java.io.Serializable;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Date;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Three variants of one event DTO that differ only in the type of their time stamp. The instant has millisecond
 * precision so that the Date variant carries the same information.
 */
public final class TimeStampedEvents {

    /** The time types the race compares, as the report names them. */
    public static final List<String> TYPES = List.of("Date", "Instant", "LocalDateTime");

    public static final List<Class<?>> CLASSES = List.of(WithDate.class, WithInstant.class, WithLocalDateTime.class);

    private static final Instant AT = Instant.parse("2026-03-14T09:26:53.589Z");

    private TimeStampedEvents() {
    }

    /** The sample event stamped with the time type of this name. */
    public static Object sample(String type) {
        return switch (type) {
            case "Date" -> new WithDate(42L, "login", Date.from(AT));
            case "Instant" -> new WithInstant(42L, "login", AT);
            case "LocalDateTime" -> new WithLocalDateTime(42L, "login", LocalDateTime.ofInstant(AT, ZoneOffset.UTC));
            default -> throw new IllegalArgumentException("unknown time type '" + type + "'; known: " + TYPES);
        };
    }

    /** The class of the sample of this time type. */
    public static Class<?> classOf(String type) {
        return CLASSES.get(TYPES.indexOf(type));
    }

    /** The common part: an id and a name. */
    public abstract static class Stamped implements Serializable {

        private static final long serialVersionUID = 1L;

        private long id;
        private @Nullable String name;

        protected Stamped() {
        }

        protected Stamped(long id, String name) {
            this.id = id;
            this.name = name;
        }

        public long getId() {
            return id;
        }

        public void setId(long id) {
            this.id = id;
        }

        public @Nullable String getName() {
            return name;
        }

        public void setName(@Nullable String name) {
            this.name = name;
        }

        protected abstract @Nullable Object stamp();

        @Override
        public boolean equals(@Nullable Object o) {
            return o != null && o.getClass() == getClass() && id == ((Stamped) o).id
                    && Objects.equals(name, ((Stamped) o).name) && Objects.equals(stamp(), ((Stamped) o).stamp());
        }

        @Override
        public int hashCode() {
            return Objects.hash(id, name, stamp());
        }

        @Override
        public String toString() {
            return getClass().getSimpleName() + "{id=" + id + ", name=" + name + ", at=" + stamp() + '}';
        }
    }

    public static class WithDate extends Stamped {

        private static final long serialVersionUID = 1L;

        private @Nullable Date at;

        public WithDate() {
        }

        WithDate(long id, String name, Date at) {
            super(id, name);
            this.at = at;
        }

        public @Nullable Date getAt() {
            return at;
        }

        public void setAt(@Nullable Date at) {
            this.at = at;
        }

        @Override
        protected @Nullable Object stamp() {
            return at;
        }
    }

    public static class WithInstant extends Stamped {

        private static final long serialVersionUID = 1L;

        private @Nullable Instant at;

        public WithInstant() {
        }

        WithInstant(long id, String name, Instant at) {
            super(id, name);
            this.at = at;
        }

        public @Nullable Instant getAt() {
            return at;
        }

        public void setAt(@Nullable Instant at) {
            this.at = at;
        }

        @Override
        protected @Nullable Object stamp() {
            return at;
        }
    }

    public static class WithLocalDateTime extends Stamped {

        private static final long serialVersionUID = 1L;

        private @Nullable LocalDateTime at;

        public WithLocalDateTime() {
        }

        WithLocalDateTime(long id, String name, LocalDateTime at) {
            super(id, name);
            this.at = at;
        }

        public @Nullable LocalDateTime getAt() {
            return at;
        }

        public void setAt(@Nullable LocalDateTime at) {
            this.at = at;
        }

        @Override
        protected @Nullable Object stamp() {
            return at;
        }
    }
}
