package dev.sessiondata.serializer.jackson;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.type.CollectionType;
import com.fasterxml.jackson.databind.type.MapType;
import dev.sessiondata.serializer.ClassAllowList;
import java.lang.reflect.Modifier;

/**
 * Refuses to construct a declared type outside the allow-list. Untyped Jackson reads a field as its declared type,
 * without a class name in the payload for the type validator to check: an allowed class declaring a field of a
 * foreign concrete class would make Jackson build one. Every deserializer Jackson makes for a concrete class
 * outside the allow-list is replaced by one that refuses any value but null, so such a field can only stay empty.
 * Interfaces and abstract types are left to Jackson, which reads them as its allowed defaults ({@code ArrayList},
 * {@code LinkedHashMap}, {@code HashSet}...) or by an allow-listed type id.
 */
final class AllowListDeserializerModifier extends BeanDeserializerModifier {

    private static final long serialVersionUID = 1L;

    private final ClassAllowList allowList;

    AllowListDeserializerModifier(ClassAllowList allowList) {
        this.allowList = allowList;
    }

    @Override
    public JsonDeserializer<?> modifyDeserializer(DeserializationConfig config, BeanDescription beanDesc,
            JsonDeserializer<?> deserializer) {
        return checked(beanDesc.getType(), deserializer);
    }

    @Override
    public JsonDeserializer<?> modifyEnumDeserializer(DeserializationConfig config, JavaType type,
            BeanDescription beanDesc, JsonDeserializer<?> deserializer) {
        return checked(type, deserializer);
    }

    @Override
    public JsonDeserializer<?> modifyCollectionDeserializer(DeserializationConfig config, CollectionType type,
            BeanDescription beanDesc, JsonDeserializer<?> deserializer) {
        return checked(type, deserializer);
    }

    @Override
    public JsonDeserializer<?> modifyMapDeserializer(DeserializationConfig config, MapType type,
            BeanDescription beanDesc, JsonDeserializer<?> deserializer) {
        return checked(type, deserializer);
    }

    private JsonDeserializer<?> checked(JavaType type, JsonDeserializer<?> deserializer) {
        Class<?> raw = type.getRawClass();
        // a Class value is a name, loaded through AllowListTypeFactory's check, not a constructed instance
        if (raw.isInterface() || Modifier.isAbstract(raw.getModifiers()) || raw == Class.class
                || allowList.isAllowed(raw)) {
            return deserializer;
        }
        return new Refusing(raw);
    }

    /** Reads null as null and refuses anything else, before the class is instantiated. */
    private final class Refusing extends StdDeserializer<Object> {

        private static final long serialVersionUID = 1L;

        Refusing(Class<?> type) {
            super(type);
        }

        @Override
        public Object deserialize(JsonParser parser, DeserializationContext context) {
            throw allowList.refusal(handledType().getName());
        }
    }
}
