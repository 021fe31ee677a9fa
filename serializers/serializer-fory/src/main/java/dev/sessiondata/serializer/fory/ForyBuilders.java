package dev.sessiondata.serializer.fory;

import dev.sessiondata.serializer.ClassAllowList;
import dev.sessiondata.serializer.SerializerSettings;
import org.apache.fory.Fory;
import org.apache.fory.config.ForyBuilder;
import org.apache.fory.config.Language;
import org.apache.fory.resolver.SharedRegistry;

/**
 * The Fory configuration both ids share: Java mode, reference tracking, compatible (field names written), classes
 * checked against the allow-list before they load, the settings' depth.
 *
 * <p>Where Fory's interpreter serializers store a field value through a type-checked {@code VarHandle} (JDK 25 and
 * later: fory-core's multi-release classes for 25), a fresh JVM's first write and read need not wait for code
 * generation: until a class's generated serializer is there, Fory's interpreter serializers read and write it, with
 * the same bytes. {@code fory} compiles in the background there ({@code withAsyncCompilation}); {@code fory-shared}
 * interprets until its warm-up has generated ({@link ForySharedSerializer}). Before JDK 25 serializers are generated
 * before their first use: Fory 1.6's interpreter stores a field value read from the payload with
 * {@code Unsafe.putObject} and no check of its class ({@code AbstractObjectSerializer.readNotPrimitiveFieldValue},
 * {@code InstanceFieldAccessors}), so a corrupt payload put, say, a String into a BigDecimal field and crashed the JVM
 * (SIGSEGV) on the kit's corrupt payloads; generated code casts first. Fory adds that check after 1.6.1
 * (apache/fory#3955).
 */
final class ForyBuilders {

    /** Whether Fory's interpreter serializers store field values through type-checked {@code VarHandle}s. */
    static final boolean INTERPRETER_STORES_CHECKED = Runtime.version().feature() >= 25;

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
                .withMaxDepth(Math.max(2, settings.maxDepth()))
                .withAsyncCompilation(INTERPRETER_STORES_CHECKED);
    }

    /**
     * Builds one instance, with our collection serializers (counting against the budget {@code budget} holds while the
     * instance reads) and the guard of Fory's built-in types, that shares {@code registry} (its generated serializer
     * classes, parsed type definitions and type checks) with the other instances built with it, as the instances of
     * Fory's own pool share theirs.
     */
    static Fory build(ForyBuilder builder, SharedRegistry registry, SerializerSettings settings,
            ReadBudgetSlot budget) {
        Fory instance = builder.withSharedRegistry(registry).build();
        HashNestingSerializers.register(instance, budget);
        BuiltInTypeGuard.refuseOutsideAllowList(instance, settings.allowList());
        return instance;
    }
}
