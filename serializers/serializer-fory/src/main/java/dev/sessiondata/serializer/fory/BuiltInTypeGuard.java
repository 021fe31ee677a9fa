package dev.sessiondata.serializer.fory;

import dev.sessiondata.serializer.ClassAllowList;
import dev.sessiondata.serializer.SerializationException;
import java.util.Collection;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.fory.Fory;
import org.apache.fory.config.Config;
import org.apache.fory.context.ReadContext;
import org.apache.fory.context.WriteContext;
import org.apache.fory.resolver.ClassResolver;
import org.apache.fory.resolver.TypeResolver;
import org.apache.fory.serializer.Serializer;
import org.apache.fory.serializer.SerializerFactory;
import org.apache.fory.serializer.Serializers;
import org.apache.fory.serializer.collection.CollectionSerializer;
import org.apache.fory.serializer.collection.MapSerializer;

/**
 * Refuses to read the JDK (and Guava) types Fory knows by an internal id, outside the allow-list. Fory writes those
 * ~190 types ({@code URI}, {@code Currency}, {@code EnumSet}, exceptions, {@code Pattern}, {@code Timestamp},
 * {@code PriorityQueue}, {@code Vector}, {@code ConcurrentHashMap}, {@code AtomicLong}...) by id, not by name, so
 * its {@link org.apache.fory.resolver.TypeChecker} never sees them. Each one outside the allow-list gets Fory's own
 * serializer wrapped: writing is unchanged (the bytes are Fory's, and a reader that allows the type reads them),
 * reading is refused before anything is created.
 *
 * <p>Left alone: primitives and {@code void}; {@code Class}, whose value is a class name the allow-list
 * {@link org.apache.fory.resolver.TypeChecker} checks; and Fory's own {@code org.apache.fory} stubs and primitive
 * lists, which Fory needs to read allowed values (a class's {@code writeReplace} form, for one).
 *
 * <p>Fory makes most of those serializers on the first value of their type, and so does the guard: a serializer Fory
 * already holds is wrapped at once, the others by a {@link SerializerFactory} when Fory asks for them, on a write or
 * a read. Making all ~60 up front, to wrap them, loaded their classes in every fresh JVM: about 40 ms of a client's
 * first {@code get} (JDK 25), for types a session seldom holds.
 */
final class BuiltInTypeGuard {

    private BuiltInTypeGuard() {
    }

    /** Wraps the serializer of every type {@code fory} has registered by id and {@code allowList} refuses. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    static void refuseOutsideAllowList(Fory fory, ClassAllowList allowList) {
        ClassResolver resolver = (ClassResolver) fory.getTypeResolver();
        Set<Class<?>> notMadeYet = new HashSet<>();
        for (Class<?> type : resolver.getRegisteredClasses()) {
            // a Class value is a class name, which passes the allow-list TypeChecker when it is read
            if (type.isPrimitive() || type == Class.class || type.getName().startsWith("org.apache.fory.")
                    || allowList.isAllowed(type)) {
                continue;
            }
            Serializer made = resolver.getSerializer(type, false);
            if (made == null) {
                notMadeYet.add(type);
            } else {
                fory.registerSerializer(type, guarded(resolver, type, made, allowList));
            }
        }
        if (!notMadeYet.isEmpty()) {
            fory.registerSerializerFactory(new GuardingFactory(notMadeYet, allowList));
        }
    }

    /**
     * Wraps the serializer Fory makes for one of the guarded types. Fory asks its factories first when it makes a
     * serializer, and also when it is asked for a serializer's class ({@code getSerializerClass}), which the factory
     * itself asks to make the original: while it makes a type's on a thread, it answers nothing for that type there
     * (a set, since a serializer's constructor may ask for another type's), so Fory's own choice follows. The
     * original is then made as Fory makes a JDK type's (no shim, no abstract-type serializer, none
     * {@code ForyCopyable}), so the bytes are Fory's.
     */
    private static final class GuardingFactory implements SerializerFactory {

        private final Set<Class<?>> guarded;
        private final ClassAllowList allowList;
        private final ThreadLocal<Set<Class<?>>> making = ThreadLocal.withInitial(HashSet::new);

        GuardingFactory(Set<Class<?>> guarded, ClassAllowList allowList) {
            this.guarded = Set.copyOf(guarded);
            this.allowList = allowList;
        }

        @Override
        @SuppressWarnings("rawtypes")
        public Serializer createSerializer(TypeResolver resolver, Class<?> type) {
            if (!guarded.contains(type)) {
                return null;
            }
            Set<Class<?>> makingHere = making.get();
            if (!makingHere.add(type)) {
                return null;
            }
            try {
                return guarded(resolver, type,
                        Serializers.newSerializer(resolver, type, resolver.getSerializerClass(type)), allowList);
            } finally {
                makingHere.remove(type);
            }
        }
    }

    /** Whether {@code serializer} is one of the guard's: it writes, and refuses to read. */
    static boolean refusesToRead(Serializer<?> serializer) {
        return serializer instanceof RefusesToRead;
    }

    @SuppressWarnings("rawtypes")
    private static Serializer guarded(TypeResolver resolver, Class<?> type, Serializer original,
            ClassAllowList allowList) {
        ReadRefusal refusal = () -> allowList.refusal(type.getName());
        if (Collection.class.isAssignableFrom(type)) {
            return new CollectionReadRefused(resolver, original, refusal);
        }
        if (Map.class.isAssignableFrom(type)) {
            return new MapReadRefused(resolver, original, refusal);
        }
        return new ReadRefused(resolver.getConfig(), original, refusal);
    }

    /** The guard's serializers. */
    private interface RefusesToRead {
    }

    /** The exception for reading the guarded type. */
    @FunctionalInterface
    private interface ReadRefusal {
        SerializationException exception();
    }

    /** Writes as Fory's own serializer does; refuses to read. */
    @SuppressWarnings("rawtypes")
    private static final class ReadRefused extends Serializer<Object> implements RefusesToRead {

        private final Serializer original;
        private final ReadRefusal refusal;

        @SuppressWarnings("unchecked")
        ReadRefused(Config config, Serializer original, ReadRefusal refusal) {
            super(config, original.getType(), original.needToWriteRef(), original.isImmutable());
            this.original = original;
            this.refusal = refusal;
        }

        @Override
        @SuppressWarnings("unchecked")
        public void write(WriteContext context, Object value) {
            original.write(context, value);
        }

        @Override
        public Object read(ReadContext context) {
            throw refusal.exception();
        }
    }

    /**
     * The same for a collection type, which Fory only accepts a collection serializer for; without the code
     * generation hook, so that Fory always calls {@link #write} and {@link #read}.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static final class CollectionReadRefused extends CollectionSerializer implements RefusesToRead {

        private final Serializer original;
        private final ReadRefusal refusal;

        CollectionReadRefused(TypeResolver resolver, Serializer original, ReadRefusal refusal) {
            super(resolver, original.getType(), false);
            this.original = original;
            this.refusal = refusal;
        }

        @Override
        public void write(WriteContext context, Object value) {
            original.write(context, value);
        }

        @Override
        public Object read(ReadContext context) {
            throw refusal.exception();
        }
    }

    /** The same for a map type, which Fory only accepts a map serializer for. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static final class MapReadRefused extends MapSerializer implements RefusesToRead {

        private final Serializer original;
        private final ReadRefusal refusal;

        MapReadRefused(TypeResolver resolver, Serializer original, ReadRefusal refusal) {
            super(resolver, original.getType(), false);
            this.original = original;
            this.refusal = refusal;
        }

        @Override
        public void write(WriteContext context, Object value) {
            original.write(context, value);
        }

        @Override
        public Object read(ReadContext context) {
            throw refusal.exception();
        }
    }
}
