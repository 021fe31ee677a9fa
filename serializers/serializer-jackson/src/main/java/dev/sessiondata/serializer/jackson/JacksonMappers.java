package dev.sessiondata.serializer.jackson;

import com.fasterxml.jackson.annotation.JsonAutoDetect.Visibility;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.MapperBuilder;
import com.fasterxml.jackson.databind.jsontype.PolymorphicTypeValidator;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.sessiondata.serializer.SerializerSettings;

/**
 * The one place the six Jackson serializers' {@link ObjectMapper} is configured; only the format and "typed" differ.
 *
 * <ul>
 *   <li>A value is its fields, of any visibility, as for the other serializers: getters and setters are not used,
 *       so a computed getter adds nothing to the payload and a JavaBean and a class with private fields alike
 *       round-trip. Properties are sorted by name, so the bytes do not depend on reflection order.</li>
 *   <li>java.time as numbers: an {@code Instant} is seconds with nine decimals, so it keeps its nanoseconds and costs
 *       a few bytes, not an ISO string.</li>
 *   <li>A property the reader does not know is skipped, so a writer with a newer class does not break a reader;
 *       an object without properties is written as an empty object.</li>
 *   <li>Every class name in a payload passes the allow-list before it is loaded: {@link AllowListTypeValidator} for
 *       type ids (the default typing of the typed variants and {@code @JsonTypeInfo} on the application's classes),
 *       {@link AllowListTypeFactory} for everything Jackson loads by name, and
 *       {@link AllowListDeserializerModifier} for declared types, which the payload does not name.</li>
 *   <li>{@link StreamReadConstraints} from the settings: nesting depth, string length, document length.</li>
 * </ul>
 *
 * <p>Typed variants use {@link ObjectMapper.DefaultTyping#NON_FINAL}: every value of a non-final declared type
 * carries its class name, so an {@code Object} field holding a DTO reads back as that DTO, a {@code Map} field as the
 * map class written (a {@code LinkedHashMap} stays one), while final types such as {@code String}, {@code Instant}
 * and enums stay as compact as untyped.
 */
final class JacksonMappers {

    private JacksonMappers() {
    }

    static ObjectMapper create(DataFormat format, boolean typed, SerializerSettings settings) {
        StreamReadConstraints constraints = StreamReadConstraints.builder()
                .maxNestingDepth(settings.maxDepth())
                .maxStringLength(settings.maxArrayLength())
                .maxDocumentLength(settings.maxPayloadBytes())
                .build();
        PolymorphicTypeValidator validator = new AllowListTypeValidator(settings.allowList());
        Builder builder = new Builder(new ObjectMapper(format.factory(constraints)))
                .addModule(new JavaTimeModule())
                .addModule(new SimpleModule("allow-list-declared-types")
                        .setDeserializerModifier(new AllowListDeserializerModifier(settings.allowList())))
                // after the modules: a module adding a type modifier would replace the type factory
                .typeFactory(new AllowListTypeFactory(settings.allowList(), settings.classLoader()))
                .polymorphicTypeValidator(validator)
                .visibility(PropertyAccessor.GETTER, Visibility.NONE)
                .visibility(PropertyAccessor.IS_GETTER, Visibility.NONE)
                .visibility(PropertyAccessor.SETTER, Visibility.NONE)
                .visibility(PropertyAccessor.FIELD, Visibility.ANY)
                .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        if (typed) {
            builder.activateDefaultTyping(validator, ObjectMapper.DefaultTyping.NON_FINAL, JsonTypeInfo.As.PROPERTY);
        }
        return builder.build();
    }

    /** Jackson's builder for a mapper of any format (JsonMapper's is for JSON only). */
    private static final class Builder extends MapperBuilder<ObjectMapper, Builder> {

        Builder(ObjectMapper mapper) {
            super(mapper);
        }
    }
}
