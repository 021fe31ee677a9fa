package dev.sessiondata.bench.size;

import dev.sessiondata.workload.model.SessionContext;
import dev.sessiondata.workload.PayloadSize;
import dev.sessiondata.workload.SizedContext;
import dev.sessiondata.bench.BenchSerializers;
import dev.sessiondata.bench.legacy.HandWrittenCodec;
import dev.sessiondata.bench.legacy.LegacyObject;
import dev.sessiondata.bench.time.TimeStampedEvents;
import dev.sessiondata.serializer.SessionSerializer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;

/**
 * Counts bytes: for every id and size the encoded length of the race's context and its deflate-compressed length
 * (java.util.zip at the default level, as an HTTP server or a store would compress), the legacy object's length,
 * and the length of the event stamped with each time type. Every payload is read back before it is counted.
 *
 * <p>The result is a plain tree of maps, written as {@code sizes.json}; an id that fails records its error instead.
 */
public final class SizeTable {

    private SizeTable() {
    }

    public static Map<String, Object> measure(List<String> ids) {
        Map<String, Object> table = new LinkedHashMap<>();
        Map<String, SessionContext> contexts = new LinkedHashMap<>();
        Map<String, Integer> reference = new LinkedHashMap<>();
        for (PayloadSize size : PayloadSize.values()) {
            SizedContext sized = BenchSerializers.workload(size);
            contexts.put(size.label(), sized.context());
            reference.put(size.label(), sized.measuredBytes());
        }
        table.put("reference", BenchSerializers.referenceId());
        table.put("referenceBytes", reference);

        Map<String, Object> session = new LinkedHashMap<>();
        Map<String, Object> legacy = new LinkedHashMap<>();
        Map<String, Object> timeTypes = new LinkedHashMap<>();
        Map<String, String> errors = new LinkedHashMap<>();
        for (String id : ids) {
            try {
                SessionSerializer serializer = BenchSerializers.create(id);
                Map<String, Object> perSize = new LinkedHashMap<>();
                contexts.forEach((label, context) -> {
                    byte[] bytes = serializer.serialize(context);
                    BenchSerializers.verifiedRoundTrip(serializer, context, SessionContext.class);
                    // in this order in every run (Map.of's order changes from JVM to JVM), so the file only changes
                    // when a size does
                    Map<String, Integer> sizes = new LinkedHashMap<>();
                    sizes.put("bytes", bytes.length);
                    sizes.put("deflated", deflatedLength(bytes));
                    perSize.put(label, sizes);
                });
                session.put(id, perSize);
                LegacyObject sample = LegacyObject.sample();
                BenchSerializers.verifiedRoundTrip(serializer, sample, LegacyObject.class);
                legacy.put(id, serializer.serialize(sample).length);
                Map<String, Integer> perType = new LinkedHashMap<>();
                for (String type : TimeStampedEvents.TYPES) {
                    Object event = TimeStampedEvents.sample(type);
                    @SuppressWarnings("unchecked")
                    Class<Object> declared = (Class<Object>) TimeStampedEvents.classOf(type);
                    BenchSerializers.verifiedRoundTrip(serializer, event, declared);
                    perType.put(type, serializer.serialize(event).length);
                }
                timeTypes.put(id, perType);
            } catch (RuntimeException e) {
                errors.put(id, e.toString());
            }
        }
        legacy.put(HandWrittenCodec.ID, HandWrittenCodec.encode(LegacyObject.sample()).length);
        table.put("session", session);
        table.put("legacy", legacy);
        table.put("timeTypes", timeTypes);
        table.put("errors", errors);
        return table;
    }

    static int deflatedLength(byte[] bytes) {
        ByteArrayOutputStream compressed = new ByteArrayOutputStream(bytes.length / 2 + 64);
        Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION);
        try (DeflaterOutputStream out = new DeflaterOutputStream(compressed, deflater)) {
            out.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            deflater.end();
        }
        return compressed.size();
    }
}
