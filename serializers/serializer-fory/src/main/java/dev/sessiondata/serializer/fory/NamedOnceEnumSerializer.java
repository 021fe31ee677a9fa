package dev.sessiondata.serializer.fory;

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

    private final Enum[] constants;
    private final Map<String, Enum> byName = new HashMap<>();
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
            context.writeString(value.name());
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
            String name = context.readString();
            Enum value = byName.get(name);
            if (value == null) {
                throw new IllegalArgumentException("no constant " + name + " in " + type.getName());
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
}
