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
import java.util.concurrent.atomic.AtomicBoolean;
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
    /** Whether a warm-up was started, by a publication or by a call of an instance that does not generate code. */
    private final AtomicBoolean warmUpStarted = new AtomicBoolean();
    /** Whether a warm-up has generated serializers; instances built from then on generate code. */
    private volatile boolean generated;

    ForySharedSerializer(SerializerSettings settings) {
        super(KnownSerializers.FORY_SHARED, settings);
        this.instances = new ThreadInstances<>(this::newInstance);
        this.written = new WrittenTypeDefs(this::exchange);
        this.installed = new InstalledTypeDefs(id());
    }

    /**
     * An instance that writes and reads. Where Fory's interpreter serializers store field values through type-checked
     * {@code VarHandle}s (JDK 25 and later, {@link ForyBuilders}) it interprets until a warm-up has generated
     * serializers, and generates code from then on; before JDK 25 it always generates code, before the call that needs
     * it goes on. Never in the background: Fory takes a lock around every serialize and deserialize of an instance
     * that compiles in the background (its {@code JITContext}, a fair {@code ReentrantLock}: 15 % of the CPU samples of
     * a 0 B round trip on JDK 25), and its background compilation took the CPU a fresh JVM's first read needed (about
     * 40 ms of it on JDK 25). Instances share the classes Fory generates ({@link #registry}), so a class met after the
     * warm-up is generated once per JVM.
     */
    private SharedForyInstance newInstance() {
        return newInstance(!ForyBuilders.INTERPRETER_STORES_CHECKED || generated);
    }

    private SharedForyInstance newInstance(boolean codegen) {
        ReadBudgetSlot budget = ReadBudgetSlot.keptPerRead();
        return new SharedForyInstance(build(codegen, registry, budget), budget, codegen);
    }

    private Fory build(boolean codegen, SharedRegistry registry, ReadBudgetSlot budget) {
        Fory fory = ForyBuilders.build(ForyBuilders.base(settings)
                .withMetaShare(true)
                .withScopedMetaShare(false)
                .serializeEnumByName(true)
                .withMaxSchemaVersionsPerType(MAX_VERSIONS_PER_CLASS)
                .withCodegen(codegen)
                .withAsyncCompilation(false), registry, settings, budget);
        fory.registerSerializerFactory(NamedOnceEnumSerializer.factory());
        return fory;
    }

    /**
     * The instance that works out the definitions of a set to publish: one that generates no code and shares nothing
     * with the instances that write and read, used by one thread at a time (callers synchronize on it). Why: before
     * JDK 25 a thread's instance would generate the serializers of all 50 classes of a session before the client's
     * first request could go on; the definitions do not depend on code generation (a set's bytes and uid are the
     * same). A reader never builds it.
     */
    private Fory exchange() {
        Fory fory = exchange;
        if (fory == null) {
            synchronized (this) {
                fory = exchange;
                if (fory == null) {
                    fory = build(false, new SharedRegistry(), ReadBudgetSlot.lookedUpEachTime());
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
        byte[] bytes;
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
            bytes = buffer.getBytes(0, buffer.writerIndex());
        } finally {
            fory.resetBuffer();
            instances.give(instance);
        }
        if (!instance.generatesCode) {
            warmUpOnce();
        }
        return bytes;
    }

    @Override
    protected Object read(byte[] data, Class<?> type) {
        SharedForyInstance instance = instances.take();
        MemoryBuffer buffer = instance.input;
        Object value;
        try {
            buffer.pointTo(data, 0, data.length);
            buffer.readerIndex(0);
            byte kind = buffer.readByte();
            if (kind == WITH_SET) {
                installed.prepareSet(instance, buffer.readInt64());
            } else if (kind == SELF_CONTAINED) {
                installed.prepareSelfContained(instance);
            } else {
                throw new SerializationException("payload kind " + kind + " is neither self-contained (0) nor of a "
                        + "type definition set (1)");
            }
            value = instance.fory.deserialize(buffer);
        } finally {
            buffer.pointTo(NO_BYTES, 0, 0); // the instance outlives the call: it does not keep the payload alive
            instance.budget.clear();
            instances.give(instance);
        }
        if (!instance.generatesCode) {
            warmUpOnce();
        }
        return value;
    }

    @Override
    public List<ClassDescriptor> schemasOf(Collection<Class<?>> classes) {
        return written.schemasOf(classes);
    }

    @Override
    public void published(List<ClassDescriptor> schemas) {
        written.published(schemas).ifPresent(set -> {
            installed.addOwn(set.record().uid(), set.typeDefs());
            warmUpStarted.set(true);
            warmUp = warmUp();
        });
    }

    /**
     * After a call of an instance that interprets: starts the warm-up that has the instances replaced by ones that
     * generate code, unless one was started. After the call, not before: its CPU would slow the call down, and a
     * fresh JVM's first read is what a reader waits for.
     */
    private void warmUpOnce() {
        if (!warmUpStarted.get() && warmUpStarted.compareAndSet(false, true)) {
            warmUp = warmUp();
        }
    }

    /**
     * Generates, on a thread of its own, the serializers this JVM writes and reads with: for writing, those of the
     * classes of the set it published and of those writes met outside it; for reading, those of every set it knows
     * (its own and those installed from peers). Started when a set is published, so that an application that
     * publishes at startup ({@code SessionClient.connect()}, the Spring Boot starter once the application is ready)
     * does not wait for Fory's code generation in its first request (before JDK 25, where every instance generates
     * before it goes on: 1.3 s for a 50-class session in a fresh JVM), and after the first call of an instance that
     * interprets (JDK 25 and later, before a warm-up), so that an application that only reads gets generated code too.
     * Fory keeps the classes it generates for the whole JVM (one code generator per class loader), so the instances
     * threads build later load them instead of generating them, and one that needs a class while it is being
     * generated waits for that class only. The first warm-up to finish where instances interpret has them replaced, as
     * they are next taken, by instances that generate code ({@link #newInstance}). The warm-up's own instance, which
     * has the serializers made and the sets parsed, goes to the next thread that needs one: the first request of an
     * application that connected at startup builds no instance. Nothing else depends on the warm-up: a failure leaves
     * the work to the first write or read of an instance that generates code, which then reports it.
     */
    private CompletableFuture<List<Serializer<?>>> warmUp() {
        CompletableFuture<List<Serializer<?>>> done = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                SharedForyInstance instance = newInstance(true);
                List<Serializer<?>> made = generate(instance);
                boolean instancesInterpret = ForyBuilders.INTERPRETER_STORES_CHECKED && !generated;
                generated = true;
                if (instancesInterpret) {
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
     * Generates the write serializers of the classes writes use, and parses every known set (which makes its read
     * serializers), on an instance that generates them before it returns and that no other thread uses yet. A class or
     * set it cannot make serializers for is left to the call that needs it, which then reports why: the warm-up only
     * spares calls work, and the instances are replaced all the same.
     */
    private List<Serializer<?>> generate(SharedForyInstance instance) {
        TypeResolver resolver = instance.fory.getTypeResolver();
        if (!resolver.isRegistrationFinished()) {
            resolver.finishRegistration();
        }
        List<Serializer<?>> made = new ArrayList<>();
        for (Class<?> type : written.classesWritten()) {
            try {
                made.add(resolver.getSerializer(type));
            } catch (RuntimeException leftToTheWrite) {
                // the write of this class makes it again and fails with the reason
            }
        }
        for (long uid : installed.uids()) {
            try {
                installed.prepareSet(instance, uid);
            } catch (RuntimeException leftToTheRead) {
                // removed since, or refused: a read of it parses it again and fails with the reason
            }
        }
        return made;
    }

    /**
     * The last warm-up started: done with the write serializers it made for the classes writes use (those of the
     * published set in the set's order first), or failed.
     */
    CompletableFuture<List<Serializer<?>>> lastWarmUp() {
        return warmUp;
    }

    /** Whether the instance this thread writes and reads with generates Fory's serializers (or interprets). */
    boolean generatesCode() {
        SharedForyInstance instance = instances.take();
        try {
            return instance.generatesCode;
        } finally {
            instances.give(instance);
        }
    }

    /** Whether the instance this thread reads with has set {@code uid} parsed. */
    boolean hasParsed(long uid) {
        SharedForyInstance instance = instances.take();
        try {
            return instance.readContexts.bySet.containsKey(uid);
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
        // parsed on the instance this thread reads with, which keeps it: the read that missed the set and is retried
        // on this thread finds it parsed
        SharedForyInstance instance = instances.take();
        InstalledTypeDefs.Refusals refusals;
        try {
            refusals = installed.check(instance, schema.uid());
        } finally {
            instances.give(instance);
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
