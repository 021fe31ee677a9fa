package dev.sessiondata.serializer.fory;

import dev.sessiondata.serializer.ReadBudget;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.function.IntFunction;
import org.apache.fory.Fory;
import org.apache.fory.context.ReadContext;
import org.apache.fory.resolver.TypeResolver;
import org.apache.fory.serializer.collection.CollectionSerializer;
import org.apache.fory.serializer.collection.MapSerializer;

/**
 * Fory's serializers of the hash-based JDK collections, counting their nesting against the read's
 * {@link ReadBudget}: entered when Fory creates the collection, left when Fory has read its elements (the hooks
 * Fory's generated field readers call too). The bytes are Fory's own: only reading is changed.
 */
final class HashNestingSerializers {

    private HashNestingSerializers() {
    }

    /**
     * Replaces Fory's serializers of HashSet, LinkedHashSet, HashMap and LinkedHashMap in {@code fory}, counting
     * against the budget in {@code slot}.
     */
    static void register(Fory fory, ReadBudgetSlot slot) {
        fory.registerSerializer(HashSet.class,
                resolver -> new HashedSet<>(resolver, HashSet.class, HashSet::new, slot));
        fory.registerSerializer(LinkedHashSet.class,
                resolver -> new HashedSet<>(resolver, LinkedHashSet.class, LinkedHashSet::new, slot));
        fory.registerSerializer(HashMap.class,
                resolver -> new HashedMap<>(resolver, HashMap.class, HashMap::new, slot));
        fory.registerSerializer(LinkedHashMap.class,
                resolver -> new HashedMap<>(resolver, LinkedHashMap.class, LinkedHashMap::new, slot));
    }

    /**
     * Creates the collection presized, as Fory's own serializers of these types do; the generic one it extends would
     * find the constructor reflectively on every read and let the table grow element by element (JFR: 6 % of a
     * 100 KB round trip in {@code HashMap.resize}).
     */
    @SuppressWarnings("rawtypes")
    private static final class HashedSet<T extends Collection> extends CollectionSerializer<T> {

        private final IntFunction<T> presized;
        private final ReadBudgetSlot slot;

        HashedSet(TypeResolver resolver, Class<T> type, IntFunction<T> presized, ReadBudgetSlot slot) {
            super(resolver, type, true);
            this.presized = presized;
            this.slot = slot;
        }

        @Override
        public Collection newCollection(ReadContext context, boolean generics) {
            slot.budget().enterHashed();
            int size = readCollectionSize(context, context.getBuffer(), generics);
            setNumElements(size);
            T collection = presized.apply(size);
            context.reference(collection);
            return collection;
        }

        @Override
        public T onCollectionRead(Collection collection) {
            slot.budget().exitHashed();
            return super.onCollectionRead(collection);
        }
    }

    /** Presized, as {@link HashedSet}. */
    @SuppressWarnings("rawtypes")
    private static final class HashedMap<T extends Map> extends MapSerializer<T> {

        private final IntFunction<T> presized;
        private final ReadBudgetSlot slot;

        HashedMap(TypeResolver resolver, Class<T> type, IntFunction<T> presized, ReadBudgetSlot slot) {
            super(resolver, type, true);
            this.presized = presized;
            this.slot = slot;
        }

        @Override
        public Map newMap(ReadContext context, boolean generics) {
            slot.budget().enterHashed();
            int size = readMapSize(context, context.getBuffer(), generics);
            setNumElements(size);
            T map = presized.apply(size);
            context.reference(map);
            return map;
        }

        @Override
        public T onMapRead(Map map) {
            slot.budget().exitHashed();
            return super.onMapRead(map);
        }
    }
}
