package dev.sessiondata.serializer.onenio;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.serializer.SchemaExchangingSerializer;
import dev.sessiondata.serializer.SchemaInstallation;
import dev.sessiondata.serializer.SerializerSettings;
import java.util.Collection;
import java.util.List;

/**
 * {@code one-nio}, compact mode: each class is written as its 64-bit uid, so a reader needs the writer's class
 * descriptor for every uid. The schemas it exchanges are those descriptors ({@link OneNioDescriptors}); a read that
 * meets an unknown uid fails with a {@link dev.sessiondata.serializer.MissingSchemaException}.
 */
final class OneNioCompactSerializer extends OneNioSessionSerializer implements SchemaExchangingSerializer {

    OneNioCompactSerializer(SerializerSettings settings) {
        super(OneNioVariant.ONE_NIO, settings);
    }

    @Override
    public List<ClassDescriptor> schemasOf(Collection<Class<?>> classes) {
        return OneNioDescriptors.export(classes);
    }

    @Override
    public SchemaInstallation install(ClassDescriptor schema) {
        return OneNioDescriptors.install(schema, settings);
    }
}
