package dev.sessiondata.serializer.fory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.fory.config.Config;
import org.apache.fory.context.ReadContext;
import org.apache.fory.context.WriteContext;
import org.apache.fory.memory.MemoryBuffer;
import org.apache.fory.serializer.ImmutableSerializer;
import org.apache.fory.serializer.SerializerFactory;

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

    /** Makes one for every enum class, including the class of a constant with a body. */
    static final SerializerFactory FACTORY = (resolver, type) -> {
        if (type == Enum.class || !Enum.class.isAssignableFrom(type)) {
            return null;
        }
        Class<?> enumClass = type.isEnum() ? type : type.getSuperclass();
        return new NamedOnceEnumSerializer(resolver.getConfig(), type, enumClass.getEnumConstants());
    };

    /** The constants one write has named, by ordinal: 0 for none yet, else its number. */
    private static final class Named {

        final int[] numberOf;
        int count;

        Named(int constants) {
            numberOf = new int[constants];
        }
    }

    private final Enum[] constants;
    private final Map<String, Enum> byName = new HashMap<>();

    @SuppressWarnings("unchecked")
    private NamedOnceEnumSerializer(Config config, Class<?> type, Object[] constants) {
        super(config, (Class<Enum>) type, false); // constants are never written as references, as Fory's enums
        this.constants = (Enum[]) constants;
        for (Enum constant : this.constants) {
            byName.put(constant.name(), constant);
        }
    }

    @Override
    public void write(WriteContext context, Enum value) {
        Named named = (Named) context.getContextObject(this);
        if (named == null) {
            named = new Named(constants.length);
            context.putContextObject(this, named);
        }
        MemoryBuffer buffer = context.getBuffer();
        int number = named.numberOf[value.ordinal()];
        if (number > 0) {
            buffer.writeVarUInt32Small7(number);
        } else {
            buffer.writeVarUInt32Small7(0);
            context.writeString(value.name());
            named.numberOf[value.ordinal()] = ++named.count;
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public Enum read(ReadContext context) {
        MemoryBuffer buffer = context.getBuffer();
        int number = buffer.readVarUInt32Small7();
        List<Enum> named = (List<Enum>) context.getContextObject(this);
        if (number == 0) {
            String name = context.readString();
            Enum value = byName.get(name);
            if (value == null) {
                throw new IllegalArgumentException("no constant " + name + " in " + type.getName());
            }
            if (named == null) {
                named = new ArrayList<>();
                context.putContextObject(this, named);
            }
            named.add(value);
            return value;
        }
        if (named == null || number > named.size()) {
            throw new IllegalArgumentException("constant number " + number + " of " + type.getName() + ", but "
                    + (named == null ? 0 : named.size()) + " were named");
        }
        return named.get(number - 1);
    }
}
