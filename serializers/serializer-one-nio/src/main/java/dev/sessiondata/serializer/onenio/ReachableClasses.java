package dev.sessiondata.serializer.onenio;

import dev.sessiondata.serializer.TypeWalk;
import java.io.Serializable;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The classes a reader needs one-nio serializers for to read instances of some classes: the classes themselves and
 * every concrete class reachable from their fields' declared types, generic type arguments included
 * ({@code List<Address>} reaches {@code Address}), plus the JDK value and collection classes that session data
 * commonly holds behind an interface-typed field ({@code List.of(...)}, {@code BigDecimal}, java.time).
 *
 * <p>A field declared as an interface or {@code Object} can hold any class; those runtime classes must be registered
 * by the application themselves.
 */
final class ReachableClasses {

    /** JDK classes prepared for every application, by name so that one missing from a JDK is simply skipped. */
    private static final List<String> JDK_CLASSES = List.of(
            "java.math.BigInteger", "java.math.BigDecimal", "java.util.UUID",
            "java.time.Instant", "java.time.LocalDate", "java.time.LocalTime", "java.time.LocalDateTime",
            "java.time.OffsetDateTime", "java.time.OffsetTime", "java.time.ZonedDateTime", "java.time.Duration",
            "java.time.Period", "java.time.Year", "java.time.YearMonth", "java.time.MonthDay", "java.time.ZoneOffset",
            "java.time.ZoneRegion", "java.time.DayOfWeek", "java.time.Month",
            "java.util.ArrayDeque", "java.util.ImmutableCollections$ListN", "java.util.ImmutableCollections$List12",
            "java.util.ImmutableCollections$SetN", "java.util.ImmutableCollections$Set12",
            "java.util.ImmutableCollections$MapN", "java.util.ImmutableCollections$Map1", "java.util.Arrays$ArrayList",
            "java.util.Collections$EmptyList", "java.util.Collections$EmptySet", "java.util.Collections$EmptyMap",
            "java.util.Collections$SingletonList", "java.util.Collections$SingletonSet",
            "java.util.Collections$SingletonMap", "java.util.Collections$UnmodifiableRandomAccessList",
            "java.util.Collections$UnmodifiableList", "java.util.Collections$UnmodifiableSet",
            "java.util.Collections$UnmodifiableMap");

    private ReachableClasses() {
    }

    /** The given classes, the JDK classes above, and every concrete class reachable from their fields, in order. */
    static Set<Class<?>> from(Collection<Class<?>> roots) {
        Set<Class<?>> found = new LinkedHashSet<>();
        Deque<Type> pending = new ArrayDeque<>(roots);
        for (String name : JDK_CLASSES) {
            try {
                pending.add(Class.forName(name, false, ReachableClasses.class.getClassLoader()));
            } catch (ClassNotFoundException e) {
                // not in this JDK: nothing of it can be written here either
            }
        }
        TypeWalk.walk(pending, (cls, more) -> visit(cls, found, more));
        return found;
    }

    private static void visit(Class<?> cls, Set<Class<?>> found, Consumer<Type> pending) {
        if (cls.isPrimitive()) {
            return;
        }
        if (cls.isArray()) {
            pending.accept(cls.getComponentType());
            if (!cls.getComponentType().isPrimitive()) {
                found.add(cls);
            }
            return;
        }
        if (!cls.isEnum() && (cls.isInterface() || Modifier.isAbstract(cls.getModifiers()))) {
            return;
        }
        if (!isWritable(cls)) {
            return;
        }
        found.add(cls);
        if (cls.isEnum() || Collection.class.isAssignableFrom(cls) || Map.class.isAssignableFrom(cls)) {
            return;
        }
        for (Class<?> c = cls; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                int modifiers = field.getModifiers();
                if (!Modifier.isStatic(modifiers) && !Modifier.isTransient(modifiers)) {
                    pending.accept(field.getGenericType());
                }
            }
        }
    }

    /** Whether one-nio can write instances of this class at all (it refuses classes that are not Serializable). */
    /** The first of {@code classes} one-nio cannot write, named and said why; empty when it can write them all. */
    static Optional<String> unwritable(Collection<Class<?>> classes) {
        return classes.stream().filter(cls -> !isWritable(cls)).findFirst().map(cls -> "one-nio cannot write "
                + cls.getName() + ": it is neither Serializable nor a collection, map, array or enum");
    }

    static boolean isWritable(Class<?> cls) {
        return cls.isArray() || cls.isEnum() || Serializable.class.isAssignableFrom(cls)
                || Collection.class.isAssignableFrom(cls) || Map.class.isAssignableFrom(cls);
    }
}
