package dev.sessiondata.serializer.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.serializers.CollectionSerializer;
import com.esotericsoftware.kryo.serializers.DefaultSerializers.ArraysAsListSerializer;
import com.esotericsoftware.kryo.serializers.DefaultSerializers.PriorityQueueSerializer;
import com.esotericsoftware.kryo.serializers.ImmutableCollectionsSerializers.JdkImmutableListSerializer;
import com.esotericsoftware.kryo.serializers.MapSerializer;
import dev.sessiondata.serializer.ReadBudget;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Replaces those of Kryo's default serializers that allocate by a declared length with ones that check it first.
 * The replacements write exactly what the originals write, so the wire format is Kryo's own. Collections and maps
 * also count their elements, and hash-based ones their nesting, against the read's {@link ReadBudget}.
 */
final class BoundedSerializers {

    private BoundedSerializers() {
    }

    /** The serializer Kryo chose for {@code type}, or a bounded equivalent of it. */
    static Serializer<?> bound(Class<?> type, Serializer<?> chosen, ReadLimits limits) {
        if (type.isArray()) {
            return new LengthCheckedArraySerializer<>(chosen, limits);
        }
        Class<?> kind = chosen.getClass();
        if (kind == CollectionSerializer.class) {
            return new BoundedCollectionSerializer(limits);
        }
        if (kind == MapSerializer.class) {
            return new BoundedMapSerializer(limits);
        }
        if (kind == JdkImmutableListSerializer.class) {
            return new BoundedImmutableListSerializer(limits);
        }
        if (kind == ArraysAsListSerializer.class) {
            return new BoundedArraysAsListSerializer(limits);
        }
        if (kind == PriorityQueueSerializer.class) {
            return new BoundedPriorityQueueSerializer(limits);
        }
        return chosen;
    }

    /** Enters one level of hash nesting if {@code type} is hash-based; returns whether it did, for {@link #exit}. */
    private static boolean enter(Kryo kryo, HashedType hashedType, Class<?> type) {
        if (!hashedType.isHashed(type)) {
            return false;
        }
        SessionKryo.budget(kryo).enterHashed();
        return true;
    }

    private static void exit(Kryo kryo, boolean entered) {
        if (entered) {
            SessionKryo.budget(kryo).exitHashed();
        }
    }

    /**
     * {@link ReadBudget#isHashed} of the type one serializer last read, remembered: Kryo makes a collection or map
     * serializer per class and per Kryo instance, which one thread uses at a time, so the answer is a comparison per
     * collection read, not a {@code ClassValue} lookup.
     */
    private static final class HashedType {

        private Class<?> last = Object.class;
        private boolean lastHashed;

        boolean isHashed(Class<?> type) {
            if (type != last) {
                lastHashed = ReadBudget.isHashed(type);
                last = type;
            }
            return lastHashed;
        }
    }

    /** Kryo's collection serializer; {@code new ArrayList(size)} and {@code new HashSet(size)} sized safely. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    static final class BoundedCollectionSerializer extends CollectionSerializer<Collection> {

        private final ReadLimits limits;
        private final HashedType hashedType = new HashedType();

        BoundedCollectionSerializer(ReadLimits limits) {
            this.limits = limits;
        }

        @Override
        protected Collection create(Kryo kryo, Input input, Class<? extends Collection> type, int size) {
            int capacity = limits.capacity(input, size);
            SessionKryo.budget(kryo).countElements(size);
            return super.create(kryo, input, type, capacity);
        }

        @Override
        public Collection read(Kryo kryo, Input input, Class<? extends Collection> type) {
            boolean hashed = enter(kryo, hashedType, type);
            try {
                return super.read(kryo, input, type);
            } finally {
                exit(kryo, hashed);
            }
        }
    }

    /** Kryo's map serializer; {@code new HashMap(size)} sized safely (its table is allocated on the first put). */
    @SuppressWarnings({"rawtypes", "unchecked"})
    static final class BoundedMapSerializer extends MapSerializer<Map> {

        private final ReadLimits limits;
        private final HashedType hashedType = new HashedType();

        BoundedMapSerializer(ReadLimits limits) {
            this.limits = limits;
        }

        @Override
        protected Map create(Kryo kryo, Input input, Class<? extends Map> type, int size) {
            int capacity = limits.capacity(input, size);
            SessionKryo.budget(kryo).countElements(size);
            return super.create(kryo, input, type, capacity);
        }

        @Override
        public Map read(Kryo kryo, Input input, Class<? extends Map> type) {
            boolean hashed = enter(kryo, hashedType, type);
            try {
                return super.read(kryo, input, type);
            } finally {
                exit(kryo, hashed);
            }
        }
    }

    /** {@code List.of(...)}: Kryo's own serializer for it is final and allocates by the declared size. */
    static final class BoundedImmutableListSerializer extends CollectionSerializer<List<Object>> {

        private final ReadLimits limits;

        BoundedImmutableListSerializer(ReadLimits limits) {
            this.limits = limits;
            setElementsCanBeNull(false); // as Kryo's JdkImmutableListSerializer, so the bytes are the same
        }

        @Override
        protected List<Object> create(Kryo kryo, Input input, Class<? extends List<Object>> type, int size) {
            return new java.util.ArrayList<>(limits.capacity(input, size));
        }

        @Override
        public List<Object> read(Kryo kryo, Input input, Class<? extends List<Object>> type) {
            List<Object> elements = super.read(kryo, input, type);
            return elements == null ? null : List.of(elements.toArray());
        }
    }

    /** {@code Arrays.asList(...)}. */
    @SuppressWarnings("rawtypes")
    static final class BoundedArraysAsListSerializer extends ArraysAsListSerializer {

        private final ReadLimits limits;

        BoundedArraysAsListSerializer(ReadLimits limits) {
            this.limits = limits;
        }

        @Override
        protected List create(Kryo kryo, Input input, Class type, int size) {
            return super.create(kryo, input, type, limits.capacity(input, size));
        }
    }

    /** {@link PriorityQueue}, whose constructor allocates its array at once. */
    @SuppressWarnings("rawtypes")
    static final class BoundedPriorityQueueSerializer extends PriorityQueueSerializer {

        private final ReadLimits limits;

        BoundedPriorityQueueSerializer(ReadLimits limits) {
            this.limits = limits;
        }

        @Override
        protected PriorityQueue create(Kryo kryo, Input input, Class<? extends PriorityQueue> type, int size) {
            return super.create(kryo, input, type, limits.capacity(input, size));
        }
    }
}
