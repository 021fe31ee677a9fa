package dev.sessiondata.serializer.fory;

import dev.sessiondata.serializer.ClassAllowList;
import dev.sessiondata.serializer.SerializationException;
import java.util.Collection;
import java.util.Map;
import org.apache.fory.Fory;
import org.apache.fory.context.ReadContext;
import org.apache.fory.context.WriteContext;
import org.apache.fory.resolver.ClassResolver;
import org.apache.fory.resolver.TypeResolver;
import org.apache.fory.serializer.Serializer;
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
 */
final class BuiltInTypeGuard {

    private BuiltInTypeGuard() {
    }

    /** Wraps the serializer of every type {@code fory} has registered by id and {@code allowList} refuses. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    static void refuseOutsideAllowList(Fory fory, ClassAllowList allowList) {
        ClassResolver resolver = (ClassResolver) fory.getTypeResolver();
        for (Class<?> type : resolver.getRegisteredClasses()) {
            // a Class value is a class name, which passes the allow-list TypeChecker when it is read
            if (type.isPrimitive() || type == Class.class || type.getName().startsWith("org.apache.fory.")
                    || allowList.isAllowed(type)) {
                continue;
            }
            Serializer original;
            try {
                original = resolver.getSerializer(type);
            } catch (UnsupportedOperationException e) {
                continue; // a type Fory never reads (java.lang.Void), so there is nothing to guard
            }
            ReadRefusal refusal = () -> allowList.refusal(type.getName());
            Serializer guarded;
            if (Collection.class.isAssignableFrom(type)) {
                guarded = new CollectionReadRefused(resolver, original, refusal);
            } else if (Map.class.isAssignableFrom(type)) {
                guarded = new MapReadRefused(resolver, original, refusal);
            } else {
                guarded = new ReadRefused(fory, original, refusal);
            }
            fory.registerSerializer(type, guarded);
        }
    }

    /** The exception for reading the guarded type. */
    @FunctionalInterface
    private interface ReadRefusal {
        SerializationException exception();
    }

    /** Writes as Fory's own serializer does; refuses to read. */
    @SuppressWarnings("rawtypes")
    private static final class ReadRefused extends Serializer<Object> {

        private final Serializer original;
        private final ReadRefusal refusal;

        @SuppressWarnings("unchecked")
        ReadRefused(Fory fory, Serializer original, ReadRefusal refusal) {
            super(fory.getConfig(), original.getType(), original.needToWriteRef(), original.isImmutable());
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
    private static final class CollectionReadRefused extends CollectionSerializer {

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
    private static final class MapReadRefused extends MapSerializer {

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
