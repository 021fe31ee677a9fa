package dev.sessiondata.serializer.bson;

import java.util.Collection;
import java.util.Map;
import org.bson.codecs.Codec;
import org.bson.codecs.configuration.CodecProvider;
import org.bson.codecs.configuration.CodecRegistry;
import org.jspecify.annotations.Nullable;

/**
 * Codecs for {@code Object}, maps, collections and arrays other than {@code byte[]} (which the library writes as
 * BSON binary), when their element types are not declared: elements are read by {@link NaturalValueCodec}. Maps and
 * collections keep their order ({@link OrderedMapCodec}, {@link OrderedCollectionCodec}).
 */
final class ContainerCodecProvider implements CodecProvider {

    private final int maxDepth;

    ContainerCodecProvider(int maxDepth) {
        this.maxDepth = maxDepth;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> @Nullable Codec<T> get(Class<T> type, CodecRegistry registry) {
        if (type == Object.class) {
            return (Codec<T>) new NaturalValueCodec(registry, maxDepth);
        }
        if (Map.class.isAssignableFrom(type)) {
            return (Codec<T>) new OrderedMapCodec<>(type, registry.get(Object.class));
        }
        if (Collection.class.isAssignableFrom(type)) {
            return (Codec<T>) new OrderedCollectionCodec<>(type, registry.get(Object.class));
        }
        if (type.isArray() && type != byte[].class) {
            return new ArrayCodec<>(type, registry.get(boxed(type.getComponentType())));
        }
        return null;
    }

    private static Class<?> boxed(Class<?> type) {
        return type.isPrimitive() ? java.lang.invoke.MethodType.methodType(type).wrap().returnType() : type;
    }
}
