package dev.sessiondata.bench;

import dev.sessiondata.workload.model.SessionContext;
import dev.sessiondata.workload.PayloadSize;
import dev.sessiondata.workload.SizedContext;
import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The race's contexts, sized once by the report and read by every JMH fork: sizing a megabyte context for the
 * reference serializer takes a cold JVM seconds, and a report runs hundreds of forks. The files are the report's
 * own, written to {@code serializer-bench/target}; they are still read through a filter that admits only the
 * session model and JDK types.
 */
public final class WorkloadCache {

    /** System property naming the cache directory in the forks. */
    public static final String PROPERTY = "sessiondata.bench.workloads";

    private static final ObjectInputFilter FILTER =
            ObjectInputFilter.Config.createFilter("maxbytes=16777216;dev.sessiondata.workload.model.*;java.**;!*");

    private WorkloadCache() {
    }

    /** Sizes every payload for the reference serializer and writes them to {@code dir}. */
    public static void write(Path dir) throws IOException {
        Files.createDirectories(dir);
        for (PayloadSize size : PayloadSize.values()) {
            SizedContext sized = BenchSerializers.workload(size);
            try (ObjectOutputStream out = new ObjectOutputStream(Files.newOutputStream(file(dir, size)))) {
                out.writeInt(sized.targetBytes());
                out.writeInt(sized.measuredBytes());
                out.writeObject(sized.context());
            }
        }
    }

    /** The cached context of {@code size}, if this JVM was given a cache that has it. */
    static Optional<SizedContext> read(PayloadSize size) {
        String dir = System.getProperty(PROPERTY);
        if (dir == null || !Files.exists(file(Path.of(dir), size))) {
            return Optional.empty();
        }
        try (ObjectInputStream in = new ObjectInputStream(Files.newInputStream(file(Path.of(dir), size)))) {
            in.setObjectInputFilter(FILTER);
            int target = in.readInt();
            int measured = in.readInt();
            return Optional.of(new SizedContext((SessionContext) in.readObject(), target, measured));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the cached workload " + size.label(), e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("cannot read the cached workload " + size.label(), e);
        }
    }

    private static Path file(Path dir, PayloadSize size) {
        return dir.resolve(BenchSerializers.referenceId() + "-" + size.label() + ".ser");
    }
}
