package dev.sessiondata.serializer.fory;

import dev.sessiondata.serializer.ClassAllowList;
import dev.sessiondata.serializer.SerializerSettings;
import org.apache.fory.ThreadSafeFory;
import org.apache.fory.config.ForyBuilder;
import org.apache.fory.config.Language;

/**
 * The Fory configuration both ids share: Java mode, reference tracking, compatible (field names written), classes
 * checked against the allow-list before they load, the settings' depth.
 *
 * <p>Serializers are generated before their first use, not in the background: Fory 1.6's interpreter serializers,
 * which its asynchronous compilation ({@code withAsyncCompilation}) and {@code withCodegen(false)} use until or
 * instead of generated code, write fields through {@code sun.misc.Unsafe} on JDK 17 without checking the value's
 * type, and crashed the JVM (SIGSEGV in {@code AbstractObjectSerializer.readNotPrimitiveFieldValue}) on the kit's
 * corrupt payloads. A fresh JVM's first round trip therefore still waits for code generation.
 */
final class ForyBuilders {

    private ForyBuilders() {
    }

    /** The shared configuration, for an id to add its own options to. */
    static ForyBuilder base(SerializerSettings settings) {
        ClassAllowList allowList = settings.allowList();
        return new ForyBuilder()
                .withLanguage(Language.JAVA)
                .withRefTracking(true)
                .withCompatible(true)
                .withDeserializeUnknownClass(false)
                .requireClassRegistration(false)
                .withTypeChecker((resolver, className) -> allowList.isAllowed(className))
                .withClassLoader(settings.classLoader())
                .withMaxDepth(Math.max(2, settings.maxDepth()));
    }

    /** Builds the pool, each instance with our collection serializers and the guard of Fory's built-in types. */
    static ThreadSafeFory build(ForyBuilder builder, SerializerSettings settings) {
        ThreadSafeFory fory = builder.buildThreadSafeFory();
        fory.registerCallback(instance -> {
            HashNestingSerializers.register(instance);
            BuiltInTypeGuard.refuseOutsideAllowList(instance, settings.allowList());
        });
        return fory;
    }
}
