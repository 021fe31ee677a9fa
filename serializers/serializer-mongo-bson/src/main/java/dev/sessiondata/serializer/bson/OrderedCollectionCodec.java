package dev.sessiondata.serializer.bson;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.SortedSet;
import java.util.TreeSet;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.BsonWriter;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.configuration.CodecConfigurationException;

/**
 * A collection as a BSON array, read back in array order: into the declared class if it is concrete, else into the
 * first of {@code ArrayList}, {@code LinkedHashSet}, {@code TreeSet} and {@code ArrayDeque} the declared type admits
 * — a {@code Set} keeps its order, where the library would read a {@code HashSet}.
 */
final class OrderedCollectionCodec<C> implements Codec<C> {

    private final Class<C> type;
    private final Codec<?> elements;

    OrderedCollectionCodec(Class<C> type, Codec<?> elements) {
        this.type = type;
        this.elements = elements;
    }

    @Override
    public void encode(BsonWriter writer, C value, EncoderContext context) {
        writer.writeStartArray();
        for (Object element : (Collection<?>) value) {
            Containers.writeElement(writer, elements, element, context);
        }
        writer.writeEndArray();
    }

    @Override
    public C decode(BsonReader reader, DecoderContext context) {
        Collection<Object> collection = newCollection();
        reader.readStartArray();
        while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
            collection.add(Containers.readElement(reader, elements, context));
        }
        reader.readEndArray();
        return type.cast(collection);
    }

    @Override
    public Class<C> getEncoderClass() {
        return type;
    }

    private Collection<Object> newCollection() {
        if (Containers.isInstantiable(type)) {
            return Containers.instantiate(type);
        }
        if (type.isAssignableFrom(ArrayList.class)) {
            return new ArrayList<>();
        }
        if (SortedSet.class.isAssignableFrom(type) && type.isAssignableFrom(TreeSet.class)) {
            return new TreeSet<>();
        }
        if (type.isAssignableFrom(LinkedHashSet.class)) {
            return new LinkedHashSet<>();
        }
        if (type.isAssignableFrom(ArrayDeque.class)) {
            return new ArrayDeque<>();
        }
        throw new CodecConfigurationException("cannot make an instance of the collection type " + type.getName());
    }
}
