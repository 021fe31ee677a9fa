package dev.sessiondata.serializer.fory;

import dev.sessiondata.serializer.ReadBudget;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
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

    /** Replaces Fory's serializers of HashSet, LinkedHashSet, HashMap and LinkedHashMap in {@code fory}. */
    static void register(Fory fory) {
        fory.registerSerializer(HashSet.class, resolver -> new HashedSet<>(resolver, HashSet.class));
        fory.registerSerializer(LinkedHashSet.class, resolver -> new HashedSet<>(resolver, LinkedHashSet.class));
        fory.registerSerializer(HashMap.class, resolver -> new HashedMap<>(resolver, HashMap.class));
        fory.registerSerializer(LinkedHashMap.class, resolver -> new HashedMap<>(resolver, LinkedHashMap.class));
    }

    @SuppressWarnings("rawtypes")
    private static final class HashedSet<T extends Collection> extends CollectionSerializer<T> {

        HashedSet(TypeResolver resolver, Class<T> type) {
            super(resolver, type, true);
        }

        @Override
        public Collection newCollection(ReadContext context, boolean generics) {
            ReadBudget.current().enterHashed();
            return super.newCollection(context, generics);
        }

        @Override
        public T onCollectionRead(Collection collection) {
            ReadBudget.current().exitHashed();
            return super.onCollectionRead(collection);
        }
    }

    @SuppressWarnings("rawtypes")
    private static final class HashedMap<T extends Map> extends MapSerializer<T> {

        HashedMap(TypeResolver resolver, Class<T> type) {
            super(resolver, type, true);
        }

        @Override
        public Map newMap(ReadContext context, boolean generics) {
            ReadBudget.current().enterHashed();
            return super.newMap(context, generics);
        }

        @Override
        public T onMapRead(Map map) {
            ReadBudget.current().exitHashed();
            return super.onMapRead(map);
        }
    }
}
