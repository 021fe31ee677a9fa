package dev.sessiondata.serializer.kit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The compatibility kit every {@link SessionSerializer} passes, run once for every serializer id on the test class
 * path: round trips, a second instance and a second JVM, concurrency, the allow-list, corrupt input, nesting depth,
 * hostile graphs (SerialDOS), the size of java.time fields and golden bytes.
 *
 * <p><b>Running it.</b> A serializer module depends on {@code serializer-spi-testkit} (test scope) and declares one
 * class {@code class MySerializerCompatibilityTest extends SerializerCompatibilityKit {}}; the kit then runs for
 * every id {@link SessionSerializers#available()} lists except {@code java}, which ships in the SPI core and is
 * covered by the kit's own module. A third party's adapter does exactly the same. A format whose bytes do not name
 * classes overrides {@link #writesClassNames(String)}.
 *
 * <p><b>Golden bytes</b> live in {@code src/test/resources/golden/<id>.bin} of the module that provides the id: the
 * session fixture as this serializer wrote it when the format was last changed on purpose. They fail the build when
 * the wire format changes by accident. After a deliberate change (a library upgrade that changes the format, a new
 * fixture field), regenerate them with {@code ./mvnw -pl serializers/serializer-<library> test
 * -Dsessiondata.golden.regenerate=true} and say in the commit why old payloads no longer read, because stored
 * sessions written before will not either.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("dev.sessiondata.serializer.kit.SerializerCompatibilityKit#idsUnderTest")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class SerializerCompatibilityKit {

    /** Per corrupt-input case; a library that loops or allocates without bound on garbage fails here. */
    private static final long CASE_TIMEOUT_MILLIS = 5_000;
    /** The RPC story: a Date took 6 bytes, a LocalDateTime 256. No serializer we ship may spend more than this. */
    private static final int MAX_TIME_FIELD_BYTES = 64;
    /** Deeper than the shallow reader's limit below, far shallower than any default. */
    private static final int NESTING = 20;
    private static final int SHALLOW_MAX_DEPTH = 8;
    /** A hostile graph (SerialDOS) must be refused this fast; a hanging reader thread is left behind as a daemon. */
    private static final long HOSTILE_GRAPH_MILLIS = 1_000;

    /** The id of the serializer under test in this invocation of the class. */
    @Parameter
    private String id;

    private SessionSerializer serializer;
    private Path foreignJvmDir;
    private String foreignJvmFailure;
    private int intruderInitializationsBefore;
    private int intruderConstructionsBefore;

    /**
     * The ids the kit runs for: every available one but the core's {@code java}, unless that is the only one (the
     * kit's own module). Sorted, as {@link SessionSerializers#available()} is.
     */
    public static List<String> idsUnderTest() {
        List<String> available = SessionSerializers.available();
        List<String> adapters = available.stream().filter(candidate -> !candidate.equals(KnownSerializers.JAVA))
                .toList();
        return adapters.isEmpty() ? available : adapters;
    }

    /**
     * Whether the bytes of serializer {@code id} name the classes of the values they hold (java, kryo, one-nio,
     * Jackson's "typed" variants...). A format that does not (plain JSON of the declared type) cannot be made to
     * read a foreign class by its payload: an {@code Object} field reads back as plain maps and lists. The kit then
     * checks that no foreign instance appears instead of a refusal.
     */
    protected boolean writesClassNames(String id) {
        return true;
    }

    /**
     * The read limits the library of serializer {@code id} offers no hook for (see {@link ReadLimit}): for these the
     * kit checks that a payload beyond the limit still reads, so that the declaration is true; for the others that it
     * is refused, naming the serializer. None by default.
     */
    protected Set<ReadLimit> unboundedLimits(String id) {
        return Set.of();
    }

    protected final String id() {
        return id;
    }

    protected final SessionSerializer serializer() {
        return serializer;
    }

    protected SessionSerializer newSerializer() {
        return SessionSerializers.create(id, KitSettings.strict());
    }

    @BeforeParameterizedClassInvocation(injectArguments = false)
    void createSerializerAndRunForeignJvm() throws Exception {
        assertThat(SessionSerializers.available()).as("available serializers").contains(id);
        serializer = newSerializer();
        assertThat(serializer.id()).isEqualTo(id);
        intruderInitializationsBefore = IntruderProbe.staticInitializations();
        intruderConstructionsBefore = IntruderProbe.constructions();
        foreignJvmDir = Files.createTempDirectory("serializer-kit-" + id);
        Files.write(foreignJvmDir.resolve("parent.bin"), serializer.serialize(KitFixtures.sessionContext()));
        foreignJvmFailure = runForeignJvm(foreignJvmDir);
    }

    @AfterParameterizedClassInvocation(injectArguments = false)
    void intruderWasNeverCreatedInThisJvm() throws IOException {
        assertIntruderNeverCreated();
        try (Stream<Path> files = Files.walk(foreignJvmDir)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }

    // ---------------------------------------------------------------- round trips

    @Test
    void roundTripsTheLegacyBenchmarkObject() {
        assertRoundTrip(KitFixtures.legacyBenchmarkObject(), LegacyBenchmarkObject.class);
    }

    @Test
    void roundTripsTheSessionContextKeepingMapOrder() {
        SessionContextFixture read = assertRoundTrip(KitFixtures.sessionContext(), SessionContextFixture.class);
        assertThat(read.getAttributes().keySet())
                .as("attribute order").containsExactlyElementsOf(KitFixtures.sessionContext().getAttributes().keySet());
        assertThat(read.getCreatedAt().getNano()).as("Instant nanos").isEqualTo(KitFixtures.CREATED_AT.getNano());
        assertThat(read.getComment()).isNull();
        assertThat(read.getExtra()).isNull();
    }

    @Test
    void roundTripsAnEmptyObject() {
        assertRoundTrip(KitFixtures.empty(), EmptyFixture.class);
    }

    @Test
    void roundTripsOneMegabyteOfBytes() {
        byte[] original = KitFixtures.oneMegabyte();
        byte[] read = serializer.deserialize(serializer.serialize(original), byte[].class);
        assertThat(Arrays.equals(read, original)).as("1 MiB byte[] read back identical").isTrue();
    }

    @Test
    void roundTripsAGraphWithASharedReference() {
        assertRoundTrip(KitFixtures.sharedReference(), SharedReferenceFixture.class);
    }

    @Test
    void aFreshInstanceReadsWhatAnotherWrote() {
        byte[] data = serializer.serialize(KitFixtures.sessionContext());
        SessionSerializer fresh = newSerializer();
        assertThat(fresh.deserialize(data, SessionContextFixture.class)).isEqualTo(KitFixtures.sessionContext());
        assertThat(fresh.serialize(KitFixtures.sessionContext()).length).isEqualTo(data.length);
    }

    @Test
    void aSeparateJvmReadsWhatThisOneWroteAndWritesWhatThisOneReads() throws IOException {
        assertThat(foreignJvmFailure).as("the separate JVM's failure").isNull();
        assertThat(serializer.deserialize(Files.readAllBytes(foreignJvmDir.resolve("echo.bin")),
                SessionContextFixture.class)).isEqualTo(KitFixtures.sessionContext());
        assertThat(serializer.deserialize(Files.readAllBytes(foreignJvmDir.resolve("child.bin")),
                SessionContextFixture.class)).isEqualTo(KitFixtures.sessionContext());
    }

    /**
     * Eight threads released together through one instance; every value read back that is not the one its thread
     * wrote is collected, so a serializer that shares a buffer or a reference table between threads fails with the
     * corrupted round trips listed.
     */
    @Test
    void oneInstanceServesEightThreadsWithoutCorruption() throws Exception {
        int threads = 8;
        int roundTripsPerThread = 10_000 / threads;
        CountDownLatch start = new CountDownLatch(1);
        List<String> corrupted = new CopyOnWriteArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                done.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < roundTripsPerThread; i++) {
                        SessionContextFixture original = KitFixtures.sessionContext("thread-" + thread + "-" + i);
                        SessionContextFixture copy = serializer.deserialize(serializer.serialize(original),
                                SessionContextFixture.class);
                        if (!copy.equals(original)) {
                            corrupted.add(original.getUserId() + " read back as " + copy.getUserId());
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> thread : done) {
                thread.get(5, TimeUnit.MINUTES);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(corrupted).as("round trips that read back another value than the one written").isEmpty();
    }

    // ---------------------------------------------------------------- the allow-list

    @Test
    void refusesAForeignClassAtTopLevel() throws IOException {
        assertThat(foreignJvmFailure).as("the separate JVM's failure").isNull();
        byte[] data = Files.readAllBytes(foreignJvmDir.resolve("intruder.bin"));
        assertThatThrownBy(() -> serializer.deserialize(data, forbiddenClass()))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("dev.sessiondata.forbidden.Intruder");
        if (writesClassNames(id)) {
            assertThatThrownBy(() -> serializer.deserialize(data, Object.class))
                    .isInstanceOf(SerializationException.class);
        } else {
            assertNoForeignInstance(() -> serializer.deserialize(data, Object.class));
        }
        assertIntruderNeverCreated();
    }

    @Test
    void refusesAForeignClassNestedInAnObjectField() throws IOException {
        assertThat(foreignJvmFailure).as("the separate JVM's failure").isNull();
        byte[] data = Files.readAllBytes(foreignJvmDir.resolve("intruder-nested.bin"));
        if (writesClassNames(id)) {
            assertThatThrownBy(() -> serializer.deserialize(data, SessionContextFixture.class))
                    .isInstanceOf(SerializationException.class);
        } else {
            assertNoForeignInstance(() -> serializer.deserialize(data, SessionContextFixture.class).getExtra());
        }
        assertIntruderNeverCreated();
    }

    // ---------------------------------------------------------------- corrupt input

    @Test
    void corruptInputGivesAValueOrASerializationException() throws Exception {
        byte[] valid = serializer.serialize(KitFixtures.sessionContext());
        List<byte[]> cases = new ArrayList<>();
        List<String> names = new ArrayList<>();
        cases.add(new byte[0]);
        names.add("empty array");
        for (int length = 1; length < valid.length; length++) {
            cases.add(Arrays.copyOf(valid, length));
            names.add("truncated to " + length + " of " + valid.length + " bytes");
        }
        for (int position = 0; position < valid.length; position++) {
            for (int replacement : new int[] {valid[position] ^ 0xff, 0x00, 0x7f, 0x80, 0xff}) {
                if ((byte) replacement == valid[position]) {
                    continue;
                }
                byte[] flipped = valid.clone();
                flipped[position] = (byte) replacement;
                cases.add(flipped);
                names.add("byte " + position + " set to 0x" + Integer.toHexString(replacement & 0xff));
            }
        }
        Random random = new Random(42);
        for (int i = 0; i < 200; i++) {
            byte[] garbage = new byte[1 + random.nextInt(2048)];
            random.nextBytes(garbage);
            cases.add(garbage);
            names.add("random bytes #" + i + " (" + garbage.length + " bytes)");
        }

        ExecutorService worker = Executors.newSingleThreadExecutor(daemon());
        AtomicInteger refusals = new AtomicInteger();
        List<String> refusalsNamingAnotherSerializer = new CopyOnWriteArrayList<>();
        try {
            for (int i = 0; i < cases.size(); i++) {
                byte[] data = cases.get(i);
                Future<?> outcome = worker.submit(() -> {
                    try {
                        serializer.deserialize(data, SessionContextFixture.class);
                    } catch (SerializationException expected) {
                        refusals.incrementAndGet();
                        if (!id.equals(expected.serializerId())) {
                            refusalsNamingAnotherSerializer.add(expected.getMessage());
                        }
                    }
                });
                try {
                    outcome.get(CASE_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    fail("%s: %s did not finish within %d ms", id, names.get(i), CASE_TIMEOUT_MILLIS);
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new AssertionError(id + ": " + names.get(i) + " threw " + e.getCause()
                            + " instead of a value or a SerializationException", e.getCause());
                }
            }
        } finally {
            worker.shutdownNow();
        }
        assertThat(refusals.get()).as("refused corrupt payloads").isPositive();
        assertThat(refusalsNamingAnotherSerializer).as("refusals that do not name serializer " + id).isEmpty();
    }

    // ---------------------------------------------------------------- limits

    @Test
    void nestingDeeperThanMaxDepthIsRefused() {
        List<Object> nested = new ArrayList<>();
        for (int level = 0; level < NESTING; level++) {
            nested = new ArrayList<>(List.of(nested));
        }
        byte[] data = serializer.serialize(nested);
        SessionSerializer shallow = SessionSerializers.create(id,
                KitSettings.strict().toBuilder().maxDepth(SHALLOW_MAX_DEPTH).build());

        assertThat(serializer.deserialize(data, ArrayList.class)).as("read within the default depth").isEqualTo(nested);
        // the same bytes and settings but maxDepth: the refusal can only be the depth's
        assertThatThrownBy(() -> shallow.deserialize(data, ArrayList.class))
                .isInstanceOfSatisfying(SerializationException.class,
                        refusal -> assertThat(refusal.serializerId()).isEqualTo(id));
    }

    /** The bound the base class applies for every id, on both sides: the reader's, and the writer's own. */
    @Test
    void aPayloadLargerThanMaxPayloadBytesIsRefusedOnReadAndOnWrite() {
        byte[] data = serializer.serialize(KitFixtures.sessionContext());
        SessionSerializer small = withLimits(limits -> limits.maxPayloadBytes(data.length - 1));

        assertRefusedNamingId(() -> small.deserialize(data, SessionContextFixture.class), "maxPayloadBytes");
        assertRefusedNamingId(() -> small.serialize(KitFixtures.sessionContext()), "");
    }

    @Test
    void anArrayLongerThanMaxArrayLengthIsRefused() {
        byte[] data = serializer.serialize(new long[9]);

        assertThat(withLimits(limits -> limits.maxArrayLength(9)).deserialize(data, long[].class)).hasSize(9);
        assertBounded(ReadLimit.ARRAY_LENGTH,
                () -> withLimits(limits -> limits.maxArrayLength(8)).deserialize(data, long[].class));
    }

    @Test
    void aStringLongerThanMaxArrayLengthIsRefused() {
        SessionContextFixture session = KitFixtures.sessionContext();
        session.setComment("x".repeat(5_000));
        byte[] data = serializer.serialize(session);

        assertThat(withLimits(limits -> limits.maxArrayLength(5_000)).deserialize(data, SessionContextFixture.class))
                .isEqualTo(session);
        assertBounded(ReadLimit.STRING_LENGTH, () -> withLimits(limits -> limits.maxArrayLength(4_000))
                .deserialize(data, SessionContextFixture.class));
    }

    @Test
    void moreCollectionElementsThanMaxCollectionElementsAreRefused() {
        List<Integer> many = integers(1_001);
        byte[] data = serializer.serialize(many);

        assertThat(withLimits(limits -> limits.maxCollectionElements(1_001)).deserialize(data, ArrayList.class))
                .isEqualTo(many);
        assertBounded(ReadLimit.COLLECTION_ELEMENTS, () -> withLimits(limits -> limits.maxCollectionElements(1_000))
                .deserialize(data, ArrayList.class));
    }

    /** Strings and boxed integers: libraries count different kinds of object (java.io no strings, Kryo no boxes). */
    @Test
    void moreObjectsThanMaxObjectsAreRefused() {
        List<Object> many = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            many.add("object-" + i);
            many.add(1_000 + i);
        }
        byte[] data = serializer.serialize(many);

        assertThat(withLimits(limits -> limits.maxObjects(1_000)).deserialize(data, ArrayList.class)).isEqualTo(many);
        assertBounded(ReadLimit.OBJECTS,
                () -> withLimits(limits -> limits.maxObjects(100)).deserialize(data, ArrayList.class));
    }

    @Test
    void hashCollectionsNestedBeyondMaxHashNestingAreRefusedAndSiblingsDoNotAddUp() {
        Map<String, Object> two = new HashMap<>(Map.of("map", new HashMap<>(Map.of("a", "b"))));
        Map<String, Object> three = new HashMap<>(Map.of("map", two));
        List<Object> siblings = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            siblings.add(new HashMap<>(Map.of("element", "e-" + i)));
        }
        SessionSerializer twoDeep = withLimits(limits -> limits.maxHashNesting(2));

        assertThat(twoDeep.deserialize(serializer.serialize(two), HashMap.class)).isEqualTo(two);
        assertThat(withLimits(limits -> limits.maxHashNesting(1)).deserialize(serializer.serialize(siblings),
                ArrayList.class)).isEqualTo(siblings);
        assertBounded(ReadLimit.HASH_NESTING, () -> twoDeep.deserialize(serializer.serialize(three), HashMap.class));
    }

    /** A pooled library instance (Kryo's, Fory's) that a refusal left half-way must not serve the next read. */
    @Test
    void refusalsLeaveTheInstanceUsable() {
        SessionSerializer shallow = withLimits(limits -> limits.maxDepth(SHALLOW_MAX_DEPTH));
        List<Object> nested = new ArrayList<>();
        for (int level = 0; level < NESTING; level++) {
            nested = new ArrayList<>(List.of(nested));
        }
        byte[] tooDeep = serializer.serialize(nested);
        for (int i = 0; i < 100; i++) {
            assertThatThrownBy(() -> shallow.deserialize(tooDeep, ArrayList.class))
                    .isInstanceOf(SerializationException.class);
        }

        assertThat(shallow.deserialize(shallow.serialize(KitFixtures.sessionContext()), SessionContextFixture.class))
                .isEqualTo(KitFixtures.sessionContext());
    }

    // ---------------------------------------------------------------- hostile graphs (SerialDOS)

    @Test
    void refusesNestedHashSetsSharingReferencesWithinASecond() {
        assertHostileGraphIsCheap("HashSet", HostileGraphs::nestedHashSets);
    }

    @Test
    void refusesNestedHashMapKeysSharingReferencesWithinASecond() {
        assertHostileGraphIsCheap("HashMap keys", HostileGraphs::nestedHashMapKeys);
    }

    // ---------------------------------------------------------------- java.time

    @Test
    void javaTimeFieldsAreCompact() throws IOException {
        int none = serializer.serialize(KitFixtures.timeFields(false, false, false)).length;
        int instant = serializer.serialize(KitFixtures.timeFields(true, false, false)).length - none;
        int localDateTime = serializer.serialize(KitFixtures.timeFields(false, true, false)).length - none;
        int date = serializer.serialize(KitFixtures.timeFields(false, false, true)).length - none;
        String line = String.format("%s: Instant field %d B, LocalDateTime field %d B, Date field %d B",
                id, instant, localDateTime, date);
        System.out.println("[serializer-kit] " + line);
        Path report = Path.of("target", "serializer-kit", id + ".time-sizes");
        Files.createDirectories(report.getParent());
        Files.writeString(report, "instant=" + instant + "\nlocalDateTime=" + localDateTime + "\ndate=" + date + "\n");

        assertThat(instant).as(line).isLessThanOrEqualTo(MAX_TIME_FIELD_BYTES);
        assertThat(localDateTime).as(line).isLessThanOrEqualTo(MAX_TIME_FIELD_BYTES);
        TimeFieldsFixture all = KitFixtures.timeFields(true, true, true);
        assertThat(serializer.deserialize(serializer.serialize(all), TimeFieldsFixture.class)).isEqualTo(all);
    }

    // ---------------------------------------------------------------- golden bytes

    @Test
    void goldenBytesStillReadAndAreStillWritten() throws IOException {
        byte[] current = serializer.serialize(KitFixtures.sessionContext());
        byte[] golden;
        if (Boolean.getBoolean("sessiondata.golden.regenerate")) {
            Path file = Path.of("src", "test", "resources", "golden", id + ".bin");
            Files.createDirectories(file.getParent());
            Files.write(file, current);
            golden = current;
        } else {
            try (InputStream in = getClass().getResourceAsStream("/golden/" + id + ".bin")) {
                assertThat(in).as("golden/" + id + ".bin: generate it with -Dsessiondata.golden.regenerate=true")
                        .isNotNull();
                golden = in.readAllBytes();
            }
        }
        assertThat(serializer.deserialize(golden, SessionContextFixture.class))
                .as("the committed golden payload still reads").isEqualTo(KitFixtures.sessionContext());
        assertThat(current).as("the wire format is unchanged (see the kit's javadoc to regenerate)")
                .isEqualTo(golden);
    }

    // ---------------------------------------------------------------- helpers

    /**
     * A serializer that keeps shared references must refuse the SerialDOS shape at depth 30 and 100 with a
     * {@link SerializationException} within {@link #HOSTILE_GRAPH_MILLIS}. One that writes shared references as
     * copies (the Jackson and BSON ids) cannot even write it (2<sup>depth</sup> copies, or refused, as mongo-bson
     * refuses non-string map keys), which is checked on a small depth; the deep chain of nested sets it can write
     * must read, or be refused, within the same time.
     */
    private void assertHostileGraphIsCheap(String shape, java.util.function.IntFunction<Object> graph) {
        if (sharesReferences()) {
            for (int depth : new int[] {30, 100}) {
                byte[] data = serializer.serialize(graph.apply(depth));
                Object outcome = withinHostileGraphBound(shape + " depth " + depth,
                        () -> serializer.deserialize(data, Object.class));
                assertThat(outcome).as("%s: %s depth %d (%d bytes) is refused", id(), shape, depth, data.length)
                        .isInstanceOfSatisfying(SerializationException.class,
                                refusal -> assertThat(refusal.serializerId()).isEqualTo(id()));
            }
        } else {
            int depth = 12;
            try {
                assertThat(serializer.serialize(graph.apply(depth)).length)
                        .as("%s writes shared references as copies, so the shape takes 2^depth bytes", id())
                        .isGreaterThan(1 << depth);
            } catch (SerializationException refusedOnWrite) {
                return; // mongo-bson: map keys must be strings, so the shape cannot be written at all
            }
            for (int chain : new int[] {30, 100}) {
                byte[] data = serializer.serialize(HostileGraphs.hashSetChain(chain));
                withinHostileGraphBound("a chain of " + chain + " nested sets",
                        () -> serializer.deserialize(data, Object.class));
            }
        }
    }

    /** Whether a value referred to twice reads back as one object. */
    private boolean sharesReferences() {
        SharedReferenceFixture read = serializer.deserialize(serializer.serialize(KitFixtures.sharedReference()),
                SharedReferenceFixture.class);
        return read.getHome() == read.getBilling();
    }

    /** Runs a read on a daemon thread: its value or its {@link SerializationException}, else the case fails. */
    private Object withinHostileGraphBound(String name, Supplier<Object> read) {
        ExecutorService worker = Executors.newSingleThreadExecutor(daemon());
        try {
            Future<Object> outcome = worker.submit(() -> {
                try {
                    return read.get();
                } catch (SerializationException refused) {
                    return refused;
                }
            });
            return outcome.get(HOSTILE_GRAPH_MILLIS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return fail("%s: %s was not read or refused within %d ms", id(), name, HOSTILE_GRAPH_MILLIS);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new AssertionError(id() + ": " + name + " threw " + e.getCause()
                    + " instead of a value or a SerializationException", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        } finally {
            worker.shutdownNow();
        }
    }

    /** A serializer of this id with the kit's settings but the limits {@code change} sets. */
    private SessionSerializer withLimits(java.util.function.UnaryOperator<SerializerSettings.Builder> change) {
        return SessionSerializers.create(id, change.apply(KitSettings.strict().toBuilder()).build());
    }

    private void assertBounded(ReadLimit limit, org.assertj.core.api.ThrowableAssert.ThrowingCallable tightRead) {
        if (unboundedLimits(id).contains(limit)) {
            assertThatCode(tightRead).as("%s declares %s unbounded (unboundedLimits), yet refused the read", id, limit)
                    .doesNotThrowAnyException();
        } else {
            assertRefusedNamingId(tightRead, "");
        }
    }

    private static List<Integer> integers(int count) {
        List<Integer> integers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            integers.add(1_000 + i); // outside Integer's cache, so that each is an object of its own
        }
        return integers;
    }

    private void assertRefusedNamingId(org.assertj.core.api.ThrowableAssert.ThrowingCallable call, String reason) {
        assertThatThrownBy(call).isInstanceOfSatisfying(SerializationException.class, refusal -> {
            assertThat(refusal.serializerId()).isEqualTo(id);
            assertThat(refusal).hasMessageContaining(reason);
        });
    }

    private <T> T assertRoundTrip(T original, Class<T> type) {
        byte[] data = serializer.serialize(original);
        assertThat(data).as("serialized bytes").isNotEmpty();
        T read = serializer.deserialize(data, type);
        assertThat(read).isNotSameAs(original).isEqualTo(original);
        return read;
    }

    private void assertNoForeignInstance(Supplier<Object> read) {
        Object value;
        try {
            value = read.get();
        } catch (SerializationException refused) {
            return;
        }
        if (value != null) {
            assertThat(value.getClass().getName()).doesNotStartWith("dev.sessiondata.forbidden");
        }
    }

    private void assertIntruderNeverCreated() {
        assertThat(IntruderProbe.staticInitializations() - intruderInitializationsBefore)
                .as("static initializations of the foreign class").isZero();
        assertThat(IntruderProbe.constructions() - intruderConstructionsBefore)
                .as("constructions of the foreign class").isZero();
    }

    /** The foreign class, loaded without initializing it, so that asking for it proves nothing by itself. */
    private static Class<?> forbiddenClass() {
        try {
            return Class.forName("dev.sessiondata.forbidden.Intruder", false,
                    SerializerCompatibilityKit.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    private String runForeignJvm(Path dir) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse(
                Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        for (String argument : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!argument.startsWith("-agentlib:jdwp") && !argument.startsWith("-XX:HeapDumpPath")) {
                command.add(argument);
            }
        }
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(ForeignJvm.class.getName());
        command.add(id);
        command.add(dir.toString());
        Path log = dir.resolve("foreign-jvm.log");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!process.waitFor(2, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            return "the separate JVM did not finish within 2 minutes";
        }
        if (process.exitValue() != 0) {
            return "the separate JVM exited with " + process.exitValue() + ":\n"
                    + Files.readString(log, StandardCharsets.UTF_8);
        }
        return null;
    }

    private static java.util.concurrent.ThreadFactory daemon() {
        return runnable -> {
            Thread thread = new Thread(runnable, "serializer-kit-corrupt-input");
            thread.setDaemon(true);
            return thread;
        };
    }
}
