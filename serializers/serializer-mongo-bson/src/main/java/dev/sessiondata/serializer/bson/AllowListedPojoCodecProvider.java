package dev.sessiondata.serializer.bson;

import dev.sessiondata.serializer.ClassAllowList;
import java.lang.reflect.Modifier;
import java.util.List;
import org.bson.codecs.Codec;
import org.bson.codecs.configuration.CodecConfigurationException;
import org.bson.codecs.configuration.CodecProvider;
import org.bson.codecs.configuration.CodecRegistry;
import org.bson.codecs.pojo.ClassModel;
import org.bson.codecs.pojo.Convention;
import org.bson.codecs.pojo.Conventions;
import org.bson.codecs.pojo.PojoCodecProvider;
import org.jspecify.annotations.Nullable;

/**
 * POJO codecs, by the library's {@link PojoCodecProvider}, for allow-listed classes only, so the allow-list bounds
 * what this serializer ever instantiates even where a class is reached through a declared property type.
 *
 * <p>Each class gets an explicit {@link ClassModel} rather than the provider's automatic mode, which refuses
 * classes without properties (an empty session object is legal). The conventions are the library's defaults plus
 * setting private fields directly, and {@link NoDiscriminators}: this format carries no class names.
 */
final class AllowListedPojoCodecProvider implements CodecProvider {

    private static final List<Convention> CONVENTIONS = List.of(Conventions.CLASS_AND_PROPERTY_CONVENTION,
            Conventions.ANNOTATION_CONVENTION, Conventions.SET_PRIVATE_FIELDS_CONVENTION,
            Conventions.OBJECT_ID_GENERATORS, new NoDiscriminators());

    private final ClassAllowList allowList;

    AllowListedPojoCodecProvider(ClassAllowList allowList) {
        this.allowList = allowList;
    }

    @Override
    public <T> @Nullable Codec<T> get(Class<T> type, CodecRegistry registry) {
        if (type.isPrimitive() || type.isArray() || type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
            return null;
        }
        if (!allowList.isAllowed(type)) {
            throw new CodecConfigurationException("class " + type.getName() + " is not allowed");
        }
        ClassModel<T> model = ClassModel.builder(type).conventions(CONVENTIONS).build();
        return PojoCodecProvider.builder()
                .register(model)
                .register(new OrderedContainerPropertyCodecProvider())
                .build()
                .get(type, registry);
    }
}
