package dev.sessiondata.serializer.bson;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.BsonWriter;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.configuration.CodecConfigurationException;

/**
 * A map with string keys as a BSON document, read back in document order: into the declared class if it is
 * concrete, else into a {@code TreeMap} for a sorted map and a {@code LinkedHashMap} for any other.
 */
final class OrderedMapCodec<M> implements Codec<M> {

    private final Class<M> type;
    private final Codec<?> values;

    OrderedMapCodec(Class<M> type, Codec<?> values) {
        this.type = type;
        this.values = values;
    }

    @Override
    public void encode(BsonWriter writer, M value, EncoderContext context) {
        writer.writeStartDocument();
        for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
            if (!(entry.getKey() instanceof String key)) {
                throw new CodecConfigurationException("BSON maps need string keys, not " + entry.getKey());
            }
            writer.writeName(key);
            Containers.writeElement(writer, values, entry.getValue(), context);
        }
        writer.writeEndDocument();
    }

    @Override
    public M decode(BsonReader reader, DecoderContext context) {
        Map<String, Object> map = newMap();
        reader.readStartDocument();
        while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
            String key = reader.readName();
            map.put(key, Containers.readElement(reader, values, context));
        }
        reader.readEndDocument();
        return type.cast(map);
    }

    @Override
    public Class<M> getEncoderClass() {
        return type;
    }

    private Map<String, Object> newMap() {
        if (Containers.isInstantiable(type)) {
            return Containers.instantiate(type);
        }
        if (SortedMap.class.isAssignableFrom(type) && type.isAssignableFrom(TreeMap.class)) {
            return new TreeMap<>();
        }
        if (type.isAssignableFrom(LinkedHashMap.class)) {
            return new LinkedHashMap<>();
        }
        throw new CodecConfigurationException("cannot make an instance of the map type " + type.getName());
    }
}
