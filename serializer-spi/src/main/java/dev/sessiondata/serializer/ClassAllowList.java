package dev.sessiondata.serializer;

import java.util.Set;

/**
 * Decides which classes a serializer may instantiate when it reads.
 *
 * <p>Always allowed: primitives, the built-in JDK value and collection types listed in {@link #BUILT_IN} (String,
 * boxed primitives, BigInteger/BigDecimal, java.time, Date, UUID, the common List/Set/Map implementations and the
 * JDK-internal classes that represent them on the wire), and arrays of allowed types. Besides those, only classes
 * in the configured packages (and their sub-packages) or named one by one. An enum constant with a body is judged
 * by its enum class.
 */
public final class ClassAllowList {

    /** Binary names of the JDK classes every serializer may read. */
    public static final Set<String> BUILT_IN = Set.of(
            "java.lang.Object", "java.lang.String", "java.lang.Boolean", "java.lang.Byte", "java.lang.Short",
            "java.lang.Character", "java.lang.Integer", "java.lang.Long", "java.lang.Float", "java.lang.Double",
            "java.lang.Number", "java.lang.Enum",
            "java.math.BigInteger", "java.math.BigDecimal",
            "java.time.Instant", "java.time.LocalDate", "java.time.LocalTime", "java.time.LocalDateTime",
            "java.time.OffsetDateTime", "java.time.OffsetTime", "java.time.ZonedDateTime", "java.time.Duration",
            "java.time.Period", "java.time.Year", "java.time.YearMonth", "java.time.MonthDay", "java.time.ZoneOffset",
            "java.time.ZoneRegion", "java.time.ZoneId", "java.time.DayOfWeek", "java.time.Month",
            // java.io serialization proxy of every java.time type
            "java.time.Ser",
            "java.util.Date", "java.util.UUID",
            "java.util.ArrayList", "java.util.LinkedList", "java.util.ArrayDeque",
            "java.util.HashMap", "java.util.LinkedHashMap", "java.util.TreeMap",
            "java.util.HashSet", "java.util.LinkedHashSet", "java.util.TreeSet",
            // the element type of the array java.io checks when HashMap and HashSet read themselves
            "java.util.Map$Entry",
            // what List.of, Set.of, Map.of, Arrays.asList and Collections' wrappers are, and their java.io proxy
            "java.util.ImmutableCollections$ListN", "java.util.ImmutableCollections$List12",
            "java.util.ImmutableCollections$SubList", "java.util.ImmutableCollections$SetN",
            "java.util.ImmutableCollections$Set12", "java.util.ImmutableCollections$MapN",
            "java.util.ImmutableCollections$Map1", "java.util.CollSer", "java.util.Arrays$ArrayList",
            "java.util.Collections$EmptyList", "java.util.Collections$EmptySet", "java.util.Collections$EmptyMap",
            "java.util.Collections$SingletonList", "java.util.Collections$SingletonSet",
            "java.util.Collections$SingletonMap", "java.util.Collections$UnmodifiableCollection",
            "java.util.Collections$UnmodifiableList", "java.util.Collections$UnmodifiableRandomAccessList",
            "java.util.Collections$UnmodifiableSet", "java.util.Collections$UnmodifiableSortedSet",
            "java.util.Collections$UnmodifiableMap", "java.util.Collections$UnmodifiableSortedMap");

    private final Set<String> packages;
    private final Set<String> classes;
    /**
     * The decision per class, remembered: serializers ask once per object they create, so on the hot path the
     * answer must be a lookup, not a walk over the class name's packages.
     */
    private final ClassValue<Boolean> decisions = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return decide(type);
        }
    };

    ClassAllowList(Set<String> packages, Set<String> classes) {
        this.packages = packages;
        this.classes = classes;
    }

    /** Whether instances of {@code type} may be read. */
    public boolean isAllowed(Class<?> type) {
        return decisions.get(type);
    }

    private boolean decide(Class<?> type) {
        Class<?> element = type;
        while (element.isArray()) {
            element = element.getComponentType();
        }
        if (element.isPrimitive()) {
            return true;
        }
        if (element.isEnum() || (element.getSuperclass() != null && element.getSuperclass().isEnum())) {
            Class<?> enumType = element.isEnum() ? element : element.getSuperclass();
            return isAllowedName(enumType.getName());
        }
        return isAllowedName(element.getName());
    }

    /**
     * Whether the class of this binary name may be read, judged by name alone so that nothing is loaded; array names
     * such as {@code [Ljava.lang.String;} are judged by their element type.
     */
    public boolean isAllowed(String className) {
        String name = className;
        int dimensions = 0;
        while (dimensions < name.length() && name.charAt(dimensions) == '[') {
            dimensions++;
        }
        if (dimensions > 0) {
            name = name.substring(dimensions);
            if (name.length() == 1) {
                return "ZBCSIJFD".contains(name);
            }
            if (!name.startsWith("L") || !name.endsWith(";")) {
                return false;
            }
            name = name.substring(1, name.length() - 1);
        }
        return isAllowedName(name);
    }

    /**
     * Throws a {@link SerializationException} unless {@code type} is allowed; for checks inside a serializer, which
     * names itself on the way up.
     */
    public void check(Class<?> type) {
        if (!isAllowed(type)) {
            throw refusal(type.getName());
        }
    }

    /** Throws a {@link SerializationException} unless the class of this name is allowed; see {@link #check(Class)}. */
    public void check(String className) {
        if (!isAllowed(className)) {
            throw refusal(className);
        }
    }

    /** The exception for a class outside this allow-list; the serializer names itself on the way up. */
    public SerializationException refusal(String className) {
        return new SerializationException("class " + className
                + " is not allowed; allow it with SerializerSettings.builder().allowPackages(...) or allowClasses(...)");
    }

    private boolean isAllowedName(String name) {
        if (BUILT_IN.contains(name) || classes.contains(name)) {
            return true;
        }
        for (int dot = name.lastIndexOf('.'); dot > 0; dot = name.lastIndexOf('.', dot - 1)) {
            if (packages.contains(name.substring(0, dot))) {
                return true;
            }
        }
        return false;
    }
}
