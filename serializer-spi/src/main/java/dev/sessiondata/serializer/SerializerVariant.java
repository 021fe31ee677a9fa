package dev.sessiondata.serializer;

import java.util.Arrays;
import java.util.List;

/**
 * One variant of a serializer library (Kryo's safe or unsafe buffers, Jackson's JSON typed...), which is one
 * serializer id. A library's variants are an enum implementing this interface; its {@link SessionSerializerProvider}
 * lists them with {@link #ids(Class)} and finds the one asked for with {@link #of(Class, String)}.
 *
 * <p>A variant names no class of its library, so that listing the ids during discovery loads none of it.
 */
public interface SerializerVariant {

    /** The serializer id of this variant, one of {@code dev.sessiondata.api.KnownSerializers#IDS}. */
    String id();

    /** The ids of all {@code variants}, in declaration order. */
    static <V extends Enum<V> & SerializerVariant> List<String> ids(Class<V> variants) {
        return Arrays.stream(variants.getEnumConstants()).map(SerializerVariant::id).toList();
    }

    /**
     * The variant of {@code variants} whose id is {@code id}.
     *
     * @throws IllegalArgumentException if none is, naming the ids there are
     */
    static <V extends Enum<V> & SerializerVariant> V of(Class<V> variants, String id) {
        return Arrays.stream(variants.getEnumConstants()).filter(variant -> variant.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "not an id of this library: '" + id + "'; its ids are " + ids(variants)));
    }
}
