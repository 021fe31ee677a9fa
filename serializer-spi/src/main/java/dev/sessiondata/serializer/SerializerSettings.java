package dev.sessiondata.serializer;

import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * What a serializer may read and how much: the class allow-list and the size limits.
 *
 * <p>Immutable; made by {@link #builder()}, varied by {@link #toBuilder()}. The defaults allow only the built-in
 * JDK value and collection types (see {@link ClassAllowList}); an application adds the packages of its own session
 * classes with {@link Builder#allowPackages}.
 */
public final class SerializerSettings {

    /** Default bound on one payload: generous for sessions (the bank's largest was 1 MB), small enough to refuse abuse. */
    public static final int DEFAULT_MAX_PAYLOAD_BYTES = 16 * 1024 * 1024;
    /** Default bound on object nesting: session graphs are a few levels deep; corrupt data can claim thousands. */
    public static final int DEFAULT_MAX_DEPTH = 128;
    /**
     * Default bound on hash-based collections (HashSet, HashMap...) open inside each other while reading: a session
     * map of maps of sets is 3; the SerialDOS shape needs 20 or more to hurt.
     */
    public static final int DEFAULT_MAX_HASH_NESTING = 4;
    /** Default bound on objects read from one payload (back-references included): a 1 MB session holds ~50,000. */
    public static final int DEFAULT_MAX_OBJECTS = 1_000_000;
    /** Default bound on the elements of all collections, maps and object arrays read from one payload together. */
    public static final int DEFAULT_MAX_COLLECTION_ELEMENTS = 1_000_000;

    private static final Pattern PACKAGE_NAME =
            Pattern.compile("\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*(\\.\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*)*");

    private final Set<String> allowedPackages;
    private final Set<String> allowedClasses;
    private final List<Class<?>> registeredClasses;
    private final int maxPayloadBytes;
    private final int maxDepth;
    private final int maxArrayLength;
    private final int maxHashNesting;
    private final int maxObjects;
    private final int maxCollectionElements;
    private final @Nullable ClassLoader classLoader;
    private final ClassAllowList allowList;

    private SerializerSettings(Builder builder) {
        this.allowedPackages = Set.copyOf(builder.allowedPackages);
        this.allowedClasses = Set.copyOf(builder.allowedClasses);
        this.registeredClasses = List.copyOf(builder.registeredClasses);
        this.maxPayloadBytes = builder.maxPayloadBytes;
        this.maxDepth = builder.maxDepth;
        this.maxArrayLength = builder.maxArrayLength == 0 ? builder.maxPayloadBytes : builder.maxArrayLength;
        this.maxHashNesting = builder.maxHashNesting;
        this.maxObjects = builder.maxObjects;
        this.maxCollectionElements = builder.maxCollectionElements;
        this.classLoader = builder.classLoader;
        this.allowList = new ClassAllowList(allowedPackages, allowedClasses);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Settings that allow only the built-in JDK types, with default limits. */
    public static SerializerSettings defaults() {
        return builder().build();
    }

    public Builder toBuilder() {
        Builder builder = new Builder();
        builder.allowedPackages.addAll(allowedPackages);
        builder.allowedClasses.addAll(allowedClasses);
        builder.registeredClasses.addAll(registeredClasses);
        builder.maxPayloadBytes = maxPayloadBytes;
        builder.maxDepth = maxDepth;
        builder.maxArrayLength = maxArrayLength;
        builder.maxHashNesting = maxHashNesting;
        builder.maxObjects = maxObjects;
        builder.maxCollectionElements = maxCollectionElements;
        builder.classLoader = classLoader;
        return builder;
    }

    /** Packages whose classes (and sub-packages' classes) may be read, besides the built-in types. */
    public Set<String> allowedPackages() {
        return allowedPackages;
    }

    /** Single classes, by binary name, that may be read besides the allowed packages. */
    public Set<String> allowedClasses() {
        return allowedClasses;
    }

    /**
     * The classes this application writes, in the order given. Serializers that must know classes before they
     * read them (one-nio's compact mode knows a class only by a uid) prepare them up front; others may warm up.
     * Registration never assigns wire ids by position, so two applications need not register the same list.
     */
    public List<Class<?>> registeredClasses() {
        return registeredClasses;
    }

    /** The allow-list these settings describe. */
    public ClassAllowList allowList() {
        return allowList;
    }

    /** The largest payload, in bytes, that is written or read. */
    public int maxPayloadBytes() {
        return maxPayloadBytes;
    }

    /**
     * The deepest nesting of objects and containers that is read, where the library can bound it. A value that holds
     * no other object (a string, a boxed primitive, a date) may not count: it cannot recurse.
     */
    public int maxDepth() {
        return maxDepth;
    }

    /** The largest array, collection, map or string length that is read, where the library can bound it. */
    public int maxArrayLength() {
        return maxArrayLength;
    }

    /**
     * How many hash-based collections ({@code HashSet}, {@code HashMap}, {@code Set.of}...: every set and map but
     * the sorted, enum and identity ones) may be open inside each other while reading; see {@link ReadBudget}.
     */
    public int maxHashNesting() {
        return maxHashNesting;
    }

    /** How many objects one read may create or refer back to, where the library lets us count them. */
    public int maxObjects() {
        return maxObjects;
    }

    /** How many elements all collections, maps and object arrays of one read may declare together. */
    public int maxCollectionElements() {
        return maxCollectionElements;
    }

    /** The class loader classes are resolved in; by default the thread's context class loader, else this library's. */
    public ClassLoader classLoader() {
        if (classLoader != null) {
            return classLoader;
        }
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : SerializerSettings.class.getClassLoader();
    }

    @Override
    public boolean equals(@Nullable Object other) {
        return other instanceof SerializerSettings that
                && allowedPackages.equals(that.allowedPackages)
                && allowedClasses.equals(that.allowedClasses)
                && registeredClasses.equals(that.registeredClasses)
                && maxPayloadBytes == that.maxPayloadBytes
                && maxDepth == that.maxDepth
                && maxArrayLength == that.maxArrayLength
                && maxHashNesting == that.maxHashNesting
                && maxObjects == that.maxObjects
                && maxCollectionElements == that.maxCollectionElements
                && Objects.equals(classLoader, that.classLoader);
    }

    @Override
    public int hashCode() {
        return Objects.hash(allowedPackages, allowedClasses, registeredClasses, maxPayloadBytes, maxDepth, maxArrayLength, maxHashNesting,
                maxObjects, maxCollectionElements, classLoader);
    }

    @Override
    public String toString() {
        return "SerializerSettings{allowedPackages=" + allowedPackages + ", allowedClasses=" + allowedClasses
                + ", registeredClasses=" + registeredClasses.stream().map(Class::getName).toList()
                + ", maxPayloadBytes=" + maxPayloadBytes + ", maxDepth=" + maxDepth
                + ", maxArrayLength=" + maxArrayLength + ", maxHashNesting=" + maxHashNesting
                + ", maxObjects=" + maxObjects + ", maxCollectionElements=" + maxCollectionElements + '}';
    }

    /** Builds {@link SerializerSettings}; not thread-safe. */
    public static final class Builder {

        private final Set<String> allowedPackages = new LinkedHashSet<>();
        private final Set<String> allowedClasses = new LinkedHashSet<>();
        private final Set<Class<?>> registeredClasses = new LinkedHashSet<>();
        private int maxPayloadBytes = DEFAULT_MAX_PAYLOAD_BYTES;
        private int maxDepth = DEFAULT_MAX_DEPTH;
        private int maxArrayLength;
        private int maxHashNesting = DEFAULT_MAX_HASH_NESTING;
        private int maxObjects = DEFAULT_MAX_OBJECTS;
        private int maxCollectionElements = DEFAULT_MAX_COLLECTION_ELEMENTS;
        private @Nullable ClassLoader classLoader;

        private Builder() {
        }

        /** Allows every class in these packages and their sub-packages: {@code com.acme} allows {@code com.acme.x.Y}. */
        public Builder allowPackages(String... packages) {
            return allowPackages(Arrays.asList(packages));
        }

        /** Allows every class in these packages and their sub-packages. */
        public Builder allowPackages(Collection<String> packages) {
            for (String name : packages) {
                Objects.requireNonNull(name, "packages contains null");
                if (!PACKAGE_NAME.matcher(name).matches()) {
                    throw new IllegalArgumentException("not a package name: '" + name + "'");
                }
                allowedPackages.add(name);
            }
            return this;
        }

        /** Allows these classes (not their subclasses). */
        public Builder allowClasses(Class<?>... classes) {
            for (Class<?> type : classes) {
                allowedClasses.add(Objects.requireNonNull(type, "classes contains null").getName());
            }
            return this;
        }

        /** Allows the classes of these binary names, for classes this code cannot name at compile time. */
        public Builder allowClassNames(Collection<String> classNames) {
            for (String name : classNames) {
                allowedClasses.add(Objects.requireNonNull(name, "classNames contains null"));
            }
            return this;
        }

        /** Registers classes this application writes; see {@link SerializerSettings#registeredClasses()}. */
        public Builder registerClasses(Class<?>... classes) {
            for (Class<?> type : classes) {
                registeredClasses.add(Objects.requireNonNull(type, "classes contains null"));
            }
            return this;
        }

        /** The largest payload written or read, in bytes; at least 1. */
        public Builder maxPayloadBytes(int maxPayloadBytes) {
            this.maxPayloadBytes = positive("maxPayloadBytes", maxPayloadBytes);
            return this;
        }

        /** The deepest nesting that is read; at least 1. */
        public Builder maxDepth(int maxDepth) {
            this.maxDepth = positive("maxDepth", maxDepth);
            return this;
        }

        /** The largest array, collection, map or string length that is read; defaults to {@code maxPayloadBytes}. */
        public Builder maxArrayLength(int maxArrayLength) {
            this.maxArrayLength = positive("maxArrayLength", maxArrayLength);
            return this;
        }

        /** How many hash-based collections may be open inside each other while reading; at least 1. */
        public Builder maxHashNesting(int maxHashNesting) {
            this.maxHashNesting = positive("maxHashNesting", maxHashNesting);
            return this;
        }

        /** How many objects one read may create or refer back to; at least 1. */
        public Builder maxObjects(int maxObjects) {
            this.maxObjects = positive("maxObjects", maxObjects);
            return this;
        }

        /** How many elements all collections, maps and object arrays of one read may declare together; at least 1. */
        public Builder maxCollectionElements(int maxCollectionElements) {
            this.maxCollectionElements = positive("maxCollectionElements", maxCollectionElements);
            return this;
        }

        /** The class loader to resolve classes in. */
        public Builder classLoader(ClassLoader classLoader) {
            this.classLoader = Objects.requireNonNull(classLoader, "classLoader");
            return this;
        }

        public SerializerSettings build() {
            return new SerializerSettings(this);
        }

        private static int positive(String name, int value) {
            if (value < 1) {
                throw new IllegalArgumentException(name + " must be at least 1, was " + value);
            }
            return value;
        }
    }
}
