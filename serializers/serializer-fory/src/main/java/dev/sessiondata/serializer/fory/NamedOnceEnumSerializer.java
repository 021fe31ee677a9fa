package dev.sessiondata.serializer.fory;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.fory.config.Config;
import org.apache.fory.context.ReadContext;
import org.apache.fory.context.WriteContext;
import org.apache.fory.memory.MemoryBuffer;
import org.apache.fory.serializer.ImmutableSerializer;
import org.apache.fory.serializer.SerializerFactory;
import org.apache.fory.serializer.StringSerializer;
import org.jspecify.annotations.Nullable;

/**
 * {@code fory-shared}'s enums: by name, so that a reader whose enum gained, lost or reordered constants still reads
 * the constants it has; but each constant's name only the first time a payload holds it, and afterwards its number
 * among the constants of that enum the payload named so far. Fory's {@code serializeEnumByName} writes the name
 * every time: 6 bytes more than an ordinal per workflow step of the race's workload, and a string to build and look
 * up per read.
 *
 * <p>A value is a variable-length integer: {@code 0} followed by the name as Fory writes a string, or {@code n > 0},
 * the payload's {@code n}-th named constant of this enum. A name this JVM's enum lacks is refused, as Fory refuses
 * it with our configuration; a number beyond those named so far is corrupt input.
 *
 * <p>A name is read by comparing its bytes in the buffer with the constants' names where Fory wrote it as Latin-1,
 * as it writes every name of ASCII letters: making a {@code String} of it and hashing that for the look-up was 42 %
 * of reading a 100 B session context (JFR, JDK 17), where {@code fory-shared} read in 100 ns against {@code fory}'s 70.
 * Any other name takes Fory's string reader and the look-up by name.
 */
@SuppressWarnings("rawtypes")
final class NamedOnceEnumSerializer extends ImmutableSerializer<Enum> {

    /**
     * A factory for one Fory instance: one serializer per enum, which the classes of its constants with a body share,
     * so that a payload numbers an enum's constants once whichever class Fory resolves a constant to.
     */
    static SerializerFactory factory() {
        Map<Class<?>, NamedOnceEnumSerializer> byEnum = new ConcurrentHashMap<>();
        return (resolver, type) -> {
            if (type == Enum.class || !Enum.class.isAssignableFrom(type)) {
                return null;
            }
            Class<?> enumClass = type.isEnum() ? type : type.getSuperclass();
            return byEnum.computeIfAbsent(enumClass, key -> new NamedOnceEnumSerializer(resolver.getConfig(), key));
        };
    }

    /** Fory's string header's low two bits for a Latin-1 string ({@code StringSerializer}'s coder). */
    private static final long LATIN1 = 0;
    /** Above this many constants, a name is looked up by hash instead of compared with each constant's in turn. */
    private static final int MAX_COMPARED = 32;

    private final Enum[] constants;
    private final Map<String, Enum> byName = new HashMap<>();
    /** Each constant's name in Latin-1, null where it is not Latin-1; none for an enum of over {@link #MAX_COMPARED}. */
    private final byte[] @Nullable [] latin1Names;
    /*
     * What the payload being written or read named so far. A Fory instance (each has its own serializers) serves one
     * thread at a time, and its meta context counts its payloads, so a change of context or count is a new payload.
     */
    /** The write's number of each constant by ordinal: 0 for not named yet. */
    private final int[] writtenNumbers;
    private int written;
    private @Nullable PayloadCounter writeContext;
    private long writePayload;
    /** The read's named constants, in the order named. */
    private final Enum[] read;
    private int readCount;
    private @Nullable PayloadCounter readContext;
    private long readPayload;

    @SuppressWarnings("unchecked")
    private NamedOnceEnumSerializer(Config config, Class<?> enumClass) {
        super(config, (Class<Enum>) enumClass, false); // constants are never written as references, as Fory's enums
        this.constants = (Enum[]) enumClass.getEnumConstants();
        for (Enum constant : this.constants) {
            byName.put(constant.name(), constant);
        }
        latin1Names = constants.length > MAX_COMPARED ? new byte[0][] : new byte[constants.length][];
        for (int i = 0; i < latin1Names.length; i++) {
            String name = constants[i].name();
            byte[] latin1 = name.getBytes(StandardCharsets.ISO_8859_1);
            latin1Names[i] = new String(latin1, StandardCharsets.ISO_8859_1).equals(name) ? latin1 : null;
        }
        writtenNumbers = new int[constants.length];
        read = new Enum[constants.length];
    }

    @Override
    public void write(WriteContext context, Enum value) {
        PayloadCounter payload = (PayloadCounter) context.getMetaWriteContext();
        if (payload != writeContext || payload.payloads() != writePayload) {
            Arrays.fill(writtenNumbers, 0);
            written = 0;
            writeContext = payload;
            writePayload = payload.payloads();
        }
        MemoryBuffer buffer = context.getBuffer();
        int number = writtenNumbers[value.ordinal()];
        if (number > 0) {
            buffer.writeVarUInt32Small7(number);
        } else {
            buffer.writeVarUInt32Small7(0);
            byte[] latin1 = value.ordinal() < latin1Names.length ? latin1Names[value.ordinal()] : null;
            if (latin1 != null) {
                // the bytes Fory's string writer makes of a Latin-1 name (with compact strings; any reader reads both)
                StringSerializer.writeBytesString(buffer, (byte) LATIN1, latin1);
            } else {
                context.writeString(value.name());
            }
            writtenNumbers[value.ordinal()] = ++written;
        }
    }

    @Override
    public Enum read(ReadContext context) {
        PayloadCounter payload = (PayloadCounter) context.getMetaReadContext();
        if (payload != readContext || payload.payloads() != readPayload) {
            readCount = 0;
            readContext = payload;
            readPayload = payload.payloads();
        }
        MemoryBuffer buffer = context.getBuffer();
        int number = buffer.readVarUInt32Small7();
        if (number == 0) {
            Enum value = latin1Constant(buffer);
            if (value == null) {
                String name = context.readString();
                value = byName.get(name);
                if (value == null) {
                    throw new IllegalArgumentException("no constant " + name + " in " + type.getName());
                }
            }
            if (readCount == read.length) {
                throw new IllegalArgumentException("more constants of " + type.getName() + " named than it has");
            }
            read[readCount++] = value;
            return value;
        }
        if (number < 0 || number > readCount) { // 2^31 and more read as negative
            throw new IllegalArgumentException("constant number " + number + " of " + type.getName() + ", but "
                    + readCount + " were named");
        }
        return read[number - 1];
    }

    /**
     * The constant whose Latin-1 name is the string at the reader index, read past it; else null, with the reader
     * index where it was, for Fory's string reader to take (another coder, a name this enum lacks, a length beyond
     * the bytes left: that reader then refuses it as it does any string).
     */
    private @Nullable Enum latin1Constant(MemoryBuffer buffer) {
        int start = buffer.readerIndex();
        long header = buffer.readVarUint36Small();
        long length = header >>> 2;
        if ((header & 0b11) == LATIN1 && length <= buffer.remaining()) {
            int at = buffer.readerIndex();
            for (int i = 0; i < latin1Names.length; i++) {
                byte[] name = latin1Names[i];
                if (name != null && name.length == length && buffer.equalTo(name, 0, at, name.length)) {
                    buffer.readerIndex(at + name.length);
                    return constants[i];
                }
            }
        }
        buffer.readerIndex(start);
        return null;
    }
}
