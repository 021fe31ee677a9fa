package dev.sessiondata.bench.flex;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sessiondata.workload.model.Channel;
import dev.sessiondata.workload.model.SessionContext;
import dev.sessiondata.workload.model.SessionEvent;
import dev.sessiondata.workload.model.StepStatus;
import dev.sessiondata.workload.model.UserProfile;
import dev.sessiondata.workload.model.WorkflowStep;
import dev.sessiondata.workload.SessionWorkload;
import dev.sessiondata.bench.legacy.LegacyObject;
import dev.sessiondata.bench.outside.Outsider;
import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.api.DescriptorBatch;
import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.SchemaExchangingSerializer;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The JVM side of the flexibility matrix, started by {@link FlexibilityMatrix} once per role and serializer id:
 * <ul>
 *   <li>{@code write}: with the writer's class versions on the class path, writes every evolution payload and the
 *       outsider payloads (and, for one-nio with the exchange, the writer's descriptors);</li>
 *   <li>{@code read}: with the reader's versions, reads them, runs the round-trip and safety probes, and writes
 *       {@code read.json};</li>
 *   <li>{@code unsafe-deny}: on JDK 25 with Unsafe memory access denied, round-trips a session context and the
 *       legacy benchmark object (what every id does on JDK 17), and writes {@code unsafe-deny.json}.</li>
 * </ul>
 * Arguments: role, serializer id, work directory, and {@code exchange} for one-nio with the descriptor exchange, and
 * for {@code fory-shared}, whose writer publishes its type definition set before it writes and whose reader installs
 * it, as the client does through the server.
 */
public final class ProbeWorker {

    public static final String COMMAND = "probe-worker";

    static final String DESCRIPTORS = "descriptors.bin";
    private static final String ONE_NIO = KnownSerializers.ONE_NIO;

    private ProbeWorker() {
    }

    public static void main(String[] args) throws Exception {
        String role = args[0];
        String id = args[1];
        Path dir = Path.of(args[2]);
        boolean exchange = args.length > 3 && "exchange".equals(args[3]);
        Files.createDirectories(dir);
        switch (role) {
            case "write" -> write(id, dir, exchange);
            case "read" -> writeVerdicts(dir.resolve("read.json"), read(id, dir, exchange));
            case "unsafe-deny" -> writeVerdicts(dir.resolve("unsafe-deny.json"),
                    Map.of("jdk25-unsafe-deny", unsafeDeny(id)));
            default -> throw new IllegalArgumentException("unknown role '" + role + "'");
        }
    }

    private static void write(String id, Path dir, boolean exchange) throws IOException {
        SessionSerializer writer = SessionSerializers.create(id, settings(false));
        if (exchange && writer instanceof SchemaExchangingSerializer exchanging && !ONE_NIO.equals(id)) {
            // as the client does: publish the set of the classes it writes before the first write
            List<ClassDescriptor> schemas = exchanging.schemasOf(settings(false).registeredClasses());
            exchanging.published(schemas);
            Files.write(dir.resolve(DESCRIPTORS), DescriptorBatch.encode(schemas));
        }
        for (EvolutionCases.Case evolution : EvolutionCases.CASES) {
            for (EvolutionCases.Payload payload : evolution.payloads()) {
                try {
                    Object value = EvolutionCases.instantiate(payload.writerClass(), payload.written());
                    Files.write(dir.resolve(payload.file() + ".bin"), writer.serialize(value));
                } catch (ReflectiveOperationException | RuntimeException e) {
                    Files.writeString(dir.resolve(payload.file() + ".error"), Verdict.failed(e).detail());
                }
            }
        }
        SessionSerializer permissive = SessionSerializers.create(id, settings(true));
        List<Object> outsiders = SafetyProbes.outsiderPayloads();
        for (int i = 0; i < outsiders.size(); i++) {
            try {
                Files.write(dir.resolve("outsider-" + i + ".bin"), permissive.serialize(outsiders.get(i)));
            } catch (RuntimeException e) {
                Files.writeString(dir.resolve("outsider-" + i + ".error"), Verdict.failed(e).detail());
            }
        }
        if (exchange && ONE_NIO.equals(id)) {
            Files.write(dir.resolve(DESCRIPTORS), OneNioExchange.export(settings(false)));
        }
    }

    private static Map<String, Verdict> read(String id, Path dir, boolean exchange) throws Exception {
        if (exchange && ONE_NIO.equals(id)) {
            OneNioExchange.install(Files.readAllBytes(dir.resolve(DESCRIPTORS)), settings(false));
        }
        SessionSerializer reader = SessionSerializers.create(id, settings(false));
        if (exchange && reader instanceof SchemaExchangingSerializer exchanging && !ONE_NIO.equals(id)) {
            for (ClassDescriptor schema : DescriptorBatch.decode(Files.readAllBytes(dir.resolve(DESCRIPTORS)))) {
                exchanging.install(schema);
            }
        }
        Map<String, Verdict> verdicts = new LinkedHashMap<>();
        for (Map.Entry<String, Function<SessionSerializer, Verdict>> probe : RoundTripProbes.all().entrySet()) {
            verdicts.put(probe.getKey(), RoundTripProbes.run(probe.getValue(), reader));
        }
        for (EvolutionCases.Case evolution : EvolutionCases.CASES) {
            verdicts.put(evolution.criterion(), readEvolution(reader, dir, evolution));
        }
        Path topLevel = dir.resolve("outsider-0.bin");
        Path nested = dir.resolve("outsider-1.bin");
        verdicts.put("allow-list", Files.exists(topLevel) && Files.exists(nested)
                ? SafetyProbes.allowList(reader, Files.readAllBytes(topLevel), Files.readAllBytes(nested))
                : Verdict.notRun("the writer could not write the outsider payloads: "
                        + Files.readString(dir.resolve(Files.exists(topLevel) ? "outsider-1.error" : "outsider-0.error"))));
        verdicts.put("corrupt-input", SafetyProbes.corruptInput(reader));
        return verdicts;
    }

    private static Verdict readEvolution(SessionSerializer reader, Path dir, EvolutionCases.Case evolution)
            throws IOException {
        List<String> details = new ArrayList<>();
        for (EvolutionCases.Payload payload : evolution.payloads()) {
            Path error = dir.resolve(payload.file() + ".error");
            if (Files.exists(error)) {
                return Verdict.fail("the writer failed: " + Files.readString(error, StandardCharsets.UTF_8));
            }
            try {
                Object read = reader.deserialize(Files.readAllBytes(dir.resolve(payload.file() + ".bin")),
                        Class.forName(payload.readerClass()));
                List<String> mismatches = EvolutionCases.mismatches(read, payload.expected());
                if (!mismatches.isEmpty()) {
                    return Verdict.fail(payload.file() + " read " + mismatches);
                }
                details.add(payload.file() + " read " + payload.expected());
            } catch (ReflectiveOperationException | RuntimeException | StackOverflowError e) {
                return Verdict.failed(e);
            }
        }
        return Verdict.pass(String.join("; ", details));
    }

    private static Verdict unsafeDeny(String id) {
        try {
            SerializerSettings settings = settings(false);
            SessionSerializer serializer = SessionSerializers.create(id, settings);
            SessionContext context = new SessionWorkload(SessionWorkload.DEFAULT_SEED).shape(5, 512);
            if (!context.equals(serializer.deserialize(serializer.serialize(context), SessionContext.class))) {
                return Verdict.fail("the session context read back different");
            }
            LegacyObject legacy = LegacyObject.sample();
            if (!legacy.equals(serializer.deserialize(serializer.serialize(legacy), LegacyObject.class))) {
                return Verdict.fail("the legacy benchmark object read back different");
            }
            return Verdict.pass(Runtime.version() + ": the session context and the legacy object round-trip");
        } catch (RuntimeException | Error e) {
            return Verdict.failed(e);
        }
    }

    /** Allows the matrix's own packages (and, to write the outsider payloads, the outsider's). */
    private static SerializerSettings settings(boolean permissive) {
        List<Class<?>> classes = new ArrayList<>(RoundTripProbes.CLASSES);
        classes.addAll(List.of(SessionContext.class, UserProfile.class, WorkflowStep.class, SessionEvent.class,
                Channel.class, StepStatus.class, LegacyObject.class));
        for (EvolutionCases.Case evolution : EvolutionCases.CASES) {
            for (EvolutionCases.Payload payload : evolution.payloads()) {
                loadable(payload.writerClass(), classes);
                loadable(payload.readerClass(), classes);
            }
        }
        loadable(EvolutionCases.PACKAGE + ".Priority", classes);
        SerializerSettings.Builder builder = SerializerSettings.builder()
                .allowPackages("dev.sessiondata.bench.flex", "dev.sessiondata.workload.model", "dev.sessiondata.bench.legacy");
        if (permissive) {
            builder.allowPackages("dev.sessiondata.bench.outside");
            classes.add(Outsider.class);
        }
        return builder.registerClasses(classes.stream().distinct().toArray(Class<?>[]::new)).build();
    }

    /** Adds the class of this name if this JVM's class path has it (each side has only its own versions). */
    private static void loadable(String className, List<Class<?>> classes) {
        try {
            classes.add(Class.forName(className, false, ProbeWorker.class.getClassLoader()));
        } catch (ClassNotFoundException e) {
            // the other side's version: not on this class path by design
        }
    }

    private static void writeVerdicts(Path file, Map<String, Verdict> verdicts) throws IOException {
        new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(file.toFile(), verdicts);
    }
}
