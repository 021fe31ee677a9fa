package dev.sessiondata.serializer.fory;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.api.ForyTypeDefSet;
import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.AbstractSessionSerializer;
import dev.sessiondata.serializer.SchemaExchangingSerializer;
import dev.sessiondata.serializer.SchemaInstallation;
import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.fory.Fory;
import org.apache.fory.memory.MemoryBuffer;
import org.apache.fory.resolver.SharedRegistry;
import org.apache.fory.resolver.TypeResolver;
import org.apache.fory.serializer.Serializer;
import org.jspecify.annotations.Nullable;

/**
 * {@code fory-shared}: Apache Fory as {@code fory} configures it, with enums written by name (each constant's name
 * once per payload: {@link NamedOnceEnumSerializer}) and class definitions shared out of band through the schema
 * exchange instead of written into every payload.
 *
 * <p>A payload is one byte, then either ({@code 0}) Fory's bytes with every type definition inline, as a writer
 * that has published nothing writes, or ({@code 1}) the uid of a published type definition set (8 bytes,
 * little-endian) and Fory's bytes that refer to the set's definitions by index: a class's definition is written once
 * per application version, not once per session. A class the set lacks is still written inline, so a payload
 * always reads with its set. Fory's compatible mode reads a definition of another version of a class (a field added
 * or removed) into the local class; an enum constant is read by name, so a reader whose enum lacks another constant
 * still reads it.
 *
 * <p>The exchange: {@link #schemasOf} proposes the set of the classes reachable from the given ones and those
 * writes met inline ({@link WrittenTypeDefs}); once the caller says it is {@link #published}, writes refer to it. A
 * reader {@link #install}s a peer's set after checking its structure and uid, and parses it with the allow-list
 * ({@link InstalledTypeDefs}); a payload naming a set this JVM lacks is a
 * {@link dev.sessiondata.serializer.MissingSchemaException}.
 *
 * <p>Limits, besides those of {@code fory}: at most {@link #MAX_VERSIONS_PER_CLASS} definitions of one class
 * accepted from peers (Fory's own bound), and the set bounds of {@link InstalledTypeDefs}.
 */
final class ForySharedSerializer extends AbstractSessionSerializer implements SchemaExchangingSerializer {

    /** As One Nio's {@code DescriptorInstaller}: crafted versions of one allowed class cannot fill the JVM. */
    static final int MAX_VERSIONS_PER_CLASS = 16;
    private static final byte SELF_CONTAINED = 0;
    private static final byte WITH_SET = 1;
    private static final byte[] NO_BYTES = new byte[0];

    private final SharedRegistry registry = new SharedRegistry();
    private final ThreadInstances<SharedForyInstance> instances;
    private final WrittenTypeDefs written;
    private final InstalledTypeDefs installed;
    /** The instance the schema exchange works on; built on its first use. */
    private volatile @Nullable Fory exchange;
    /** The last {@link #warmUp}, done or not. */
    private volatile CompletableFuture<List<Serializer<?>>> warmUp = CompletableFuture.completedFuture(List.of());
    /**
     * Whether a warm-up has generated the serializers of a published set: instances built from then on generate
     * code before they go on ({@link #newInstance}).
     */
    private volatile boolean setGenerated;

    ForySharedSerializer(SerializerSettings settings) {
        super(KnownSerializers.FORY_SHARED, settings);
        this.instances = new ThreadInstances<>(this::newInstance);
        this.written = new WrittenTypeDefs(this::exchange);
        this.installed = new InstalledTypeDefs(id());
    }

    /**
     * An instance that writes and reads: it generates code, and shares the generated classes with the others. Where
     * {@link ForyBuilders} compiles in the background (JDK 25 and later), it does so only until a warm-up has generated
     * the serializers of a published set: Fory takes a lock around every serialize and deserialize of an instance that
     * compiles in the background (its {@code JITContext}, a fair {@code ReentrantLock}), 15 % of the CPU samples of a
     * 0 B round trip on JDK 25. Once the set's classes are generated an instance built then loads them instead, and
     * a class met later is generated before the call that met it goes on, as before JDK 25.
     */
    private SharedForyInstance newInstance() {
        return newInstance(ForyBuilders.INTERPRETER_STORES_CHECKED && !setGenerated);
    }

    private SharedForyInstance newInstance(boolean asyncCompilation) {
        ReadBudgetSlot budget = ReadBudgetSlot.keptPerRead();
        return new SharedForyInstance(build(true, asyncCompilation, registry, budget), budget);
    }

    private Fory build(boolean codegen, boolean asyncCompilation, SharedRegistry registry, ReadBudgetSlot budget) {
        Fory fory = ForyBuilders.build(ForyBuilders.base(settings)
                .withMetaShare(true)
                .withScopedMetaShare(false)
                .serializeEnumByName(true)
                .withMaxSchemaVersionsPerType(MAX_VERSIONS_PER_CLASS)
                .withCodegen(codegen)
                .withAsyncCompilation(asyncCompilation), registry, settings, budget);
        fory.registerSerializerFactory(NamedOnceEnumSerializer.factory());
        return fory;
    }

    /**
     * The instance that works out the definitions of a set to publish and checks a peer's set on installation: one
     * that generates no code and shares nothing with the instances that write and read, used by one thread at a time
     * (callers synchronize on it). Why: Fory 1.6 compiles a class's serializer in the background while holding the
     * lock of the instance that asked for it ({@code JITContext.asyncVisitFory}), and each operation of that instance
     * takes the lock. A client working out its set's 50 classes on a thread's instance waited for one compilation
     * after another (JDK 25, a fresh JVM); before JDK 25 it generated all 50 before its first request. The
     * definitions do not depend on code generation: a set's bytes and uid are the same.
     */
    private Fory exchange() {
        Fory fory = exchange;
        if (fory == null) {
            synchronized (this) {
                fory = exchange;
                if (fory == null) {
                    fory = build(false, false, new SharedRegistry(), ReadBudgetSlot.lookedUpEachTime());
                    exchange = fory;
                }
            }
        }
        return fory;
    }

    @Override
    protected byte[] write(Object value) {
        SharedForyInstance instance = instances.take();
        Fory fory = instance.fory;
        try {
            WrittenTypeDefs.SetWriteContext context = written.prepare(instance);
            WrittenTypeDefs.WriterSet set = context.set;
            MemoryBuffer buffer = fory.getBuffer();
            buffer.writerIndex(0);
            if (set.record() == null) {
                buffer.writeByte(SELF_CONTAINED);
            } else {
                buffer.writeByte(WITH_SET);
                buffer.writeInt64(set.record().uid());
            }
            fory.serialize(buffer, value);
            written.afterWrite(context);
            return buffer.getBytes(0, buffer.writerIndex());
        } finally {
            fory.resetBuffer();
            instances.give(instance);
        }
    }

    @Override
    protected Object read(byte[] data, Class<?> type) {
        SharedForyInstance instance = instances.take();
        MemoryBuffer buffer = instance.input;
        boolean parsedNow = false;
        try {
            buffer.pointTo(data, 0, data.length);
            buffer.readerIndex(0);
            byte kind = buffer.readByte();
            if (kind == WITH_SET) {
                parsedNow = installed.prepareSet(instance, buffer.readInt64());
            } else if (kind == SELF_CONTAINED) {
                installed.prepareSelfContained(instance);
            } else {
                throw new SerializationException("payload kind " + kind + " is neither self-contained (0) nor of a "
                        + "type definition set (1)");
            }
            return instance.fory.deserialize(buffer);
        } finally {
            if (parsedNow) {
                instance.fory.getJITContext().unlock();
            }
            buffer.pointTo(NO_BYTES, 0, 0); // the instance outlives the call: it does not keep the payload alive
            instance.budget.clear();
            instances.give(instance);
        }
    }

    @Override
    public List<ClassDescriptor> schemasOf(Collection<Class<?>> classes) {
        return written.schemasOf(classes);
    }

    @Override
    public void published(List<ClassDescriptor> schemas) {
        written.published(schemas).ifPresent(set -> {
            installed.addOwn(set.record().uid(), set.typeDefs());
            warmUp = warmUp(set);
        });
    }

    /**
     * Generates, on a thread of its own, the serializers this JVM writes and reads the classes of a set it just
     * published with, so that an application that publishes at startup ({@code SessionClient.connect()}, the Spring
     * Boot starter once the application is ready) does not wait for Fory's code generation in its first request:
     * before JDK 25 a first write or read generates them before it goes on ({@link ForyBuilders}), 1.3 s for a
     * 50-class session in a fresh JVM. Fory keeps the classes it generates for the whole JVM (one code generator per
     * class loader), so the instances threads build later load them instead of generating them, and one that needs
     * a class while it is being generated waits for that class only. The warm-up works on an instance of its own,
     * that generates before it returns and so takes no compilation lock a thread's instance would wait for. Once it
     * is done, the threads' instances that compile in the background are replaced as they are next taken by
     * instances that do not ({@link #newInstance}). The warm-up's own instance, which has the set's serializers and
     * the set parsed already, goes to the next thread that needs one: the first request of an application that
     * connected at startup builds no instance. Nothing else depends on the warm-up: a failure leaves the work to the
     * first write or read, which then reports it.
     */
    private CompletableFuture<List<Serializer<?>>> warmUp(WrittenTypeDefs.WriterSet set) {
        CompletableFuture<List<Serializer<?>>> done = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                SharedForyInstance instance = newInstance(false);
                List<Serializer<?>> made = generate(instance, set);
                boolean instancesCompileInBackground = ForyBuilders.INTERPRETER_STORES_CHECKED && !setGenerated;
                setGenerated = true;
                if (instancesCompileInBackground) {
                    instances.renew(instance);
                } else {
                    instances.offer(instance);
                }
                done.complete(made);
            } catch (RuntimeException | LinkageError e) {
                done.completeExceptionally(e);
            }
        }, "sessiondata-fory-shared-warm-up");
        thread.setDaemon(true);
        thread.start();
        return done;
    }

    /**
     * Generates the serializers of the set's classes, and parses the set, on an instance that generates them before
     * it returns (on every JDK: this thread is the one that may wait) and that no other thread uses yet.
     */
    private List<Serializer<?>> generate(SharedForyInstance instance, WrittenTypeDefs.WriterSet set) {
        Fory fory = instance.fory;
        List<Serializer<?>> made = new ArrayList<>();
        fory.getJITContext().lock();
        try {
            TypeResolver resolver = fory.getTypeResolver();
            if (!resolver.isRegistrationFinished()) {
                resolver.finishRegistration();
            }
            for (Class<?> type : set.classes()) {
                made.add(resolver.getSerializer(type)); // what a write of the class uses
            }
        } finally {
            fory.getJITContext().unlock();
        }
        if (installed.prepareSet(instance, set.record().uid())) { // what a read of the set uses
            fory.getJITContext().unlock();
        }
        return made;
    }

    /**
     * The last warm-up a publication started: done with the write serializers it made for the set's classes (in the
     * set's order), or failed.
     */
    CompletableFuture<List<Serializer<?>>> lastWarmUp() {
        return warmUp;
    }

    /** Whether the instance this thread writes and reads with compiles Fory's serializers in the background. */
    boolean compilesInBackground() {
        SharedForyInstance instance = instances.take();
        try {
            return instance.fory.getConfig().isAsyncCompilationEnabled();
        } finally {
            instances.give(instance);
        }
    }

    @Override
    public SchemaInstallation install(ClassDescriptor schema) {
        List<byte[]> typeDefs;
        try {
            typeDefs = ForyTypeDefSet.typeDefsOf(schema);
        } catch (IllegalArgumentException e) {
            throw new SerializationException(id(), "record " + schema.uidHex() + " is not a Fory type definition "
                    + "set of that uid: " + e.getMessage(), e);
        }
        if (installed.isKnown(schema.uid())) {
            return SchemaInstallation.ALREADY_KNOWN;
        }
        installed.addInstalled(schema.uid(), typeDefs);
        Fory fory = exchange();
        InstalledTypeDefs.Refusals refusals;
        synchronized (fory) {
            refusals = installed.check(fory, schema.uid());
        }
        if (refusals.count < typeDefs.size()) {
            return SchemaInstallation.INSTALLED;
        }
        installed.remove(schema.uid());
        return causedBy(refusals.first, ClassNotFoundException.class) ? SchemaInstallation.CLASS_NOT_FOUND
                : SchemaInstallation.NOT_ALLOWED;
    }

    private static boolean causedBy(Throwable failure, Class<? extends Throwable> type) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (type.isInstance(cause)) {
                return true;
            }
        }
        return false;
    }
}
