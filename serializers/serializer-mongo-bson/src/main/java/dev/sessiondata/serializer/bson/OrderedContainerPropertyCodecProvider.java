package dev.sessiondata.serializer.bson;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.bson.codecs.Codec;
import org.bson.codecs.configuration.CodecConfigurationException;
import org.bson.codecs.pojo.PropertyCodecProvider;
import org.bson.codecs.pojo.PropertyCodecRegistry;
import org.bson.codecs.pojo.TypeWithTypeParameters;
import org.jspecify.annotations.Nullable;

/**
 * Codecs for POJO properties declared as {@code Map<String, V>} or {@code Collection<E>}: elements by the codec of
 * their declared type, the container by {@link OrderedMapCodec} or {@link OrderedCollectionCodec}, so a map read
 * back keeps its order where the library's own property codec would make a {@code HashMap}. Raw containers fall
 * through to {@link ContainerCodecProvider}.
 */
final class OrderedContainerPropertyCodecProvider implements PropertyCodecProvider {

    @Override
    public <T> @Nullable Codec<T> get(TypeWithTypeParameters<T> type, PropertyCodecRegistry registry) {
        Class<T> container = type.getType();
        List<? extends TypeWithTypeParameters<?>> parameters = type.getTypeParameters();
        if (Map.class.isAssignableFrom(container) && parameters.size() == 2) {
            if (parameters.get(0).getType() != String.class) {
                throw new CodecConfigurationException("BSON maps need string keys: " + container.getName() + "<"
                        + parameters.get(0).getType().getName() + ", ...>");
            }
            return new OrderedMapCodec<>(container, registry.get(parameters.get(1)));
        }
        if (Collection.class.isAssignableFrom(container) && parameters.size() == 1) {
            return new OrderedCollectionCodec<>(container, registry.get(parameters.get(0)));
        }
        return null;
    }
}
