package dev.sessiondata.serializer.fst;

import dev.sessiondata.serializer.AbstractSessionSerializer;
import dev.sessiondata.serializer.ReadBudget;
import dev.sessiondata.serializer.SerializerSettings;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import org.nustaq.serialization.FSTConfiguration;
import org.nustaq.serialization.FSTObjectOutput;
import org.nustaq.serialization.FSTObjectSerializer;
import org.nustaq.serialization.serializers.FSTArrayListSerializer;
import org.nustaq.serialization.serializers.FSTBigIntegerSerializer;
import org.nustaq.serialization.serializers.FSTCollectionSerializer;
import org.nustaq.serialization.serializers.FSTMapSerializer;

/**
 * FST behind the SPI. One {@link FSTConfiguration} per serializer (FST's metadata caches are thread-safe), adapted:
 * class names resolve through {@link AllowListClassLoader}, reads go through a fresh {@link GuardedObjectInput}
 * (never FST's per-thread cached streams, which FST shares across all configurations of a kind), and the serializers
 * FST registers for collections check their declared size first. No application class is registered with FST:
 * its ids follow registration order, so classes travel by name (once per payload) instead.
 */
final class FstSessionSerializer extends AbstractSessionSerializer {

    private final FSTConfiguration configuration;
    private final FstLimits limits;

    FstSessionSerializer(FstVariant variant, SerializerSettings settings) {
        super(variant.id(), settings);
        this.limits = new FstLimits(settings.maxArrayLength());
        this.configuration = FstConfigurations.create(variant);
        configuration.setClassLoader(new AllowListClassLoader(settings.classLoader(), settings.allowList()));
        configuration.setStreamCoderFactory(new BoundedCoderFactory(configuration, variant, limits));
        checkDeclaredSizes(configuration, limits);
        for (Class<?> type : settings.registeredClasses()) {
            configuration.getClassInfo(type); // FST's reflection now rather than on the first session
        }
    }

    /** The same serializers FST's default configuration registers for these classes, with the size checked first. */
    private static void checkDeclaredSizes(FSTConfiguration configuration, FstLimits limits) {
        register(configuration, ArrayList.class, new FSTArrayListSerializer(), false, limits);
        register(configuration, Vector.class, new FSTCollectionSerializer(), true, limits);
        register(configuration, LinkedList.class, new FSTCollectionSerializer(), false, limits);
        register(configuration, HashSet.class, new FSTCollectionSerializer(), false, limits);
        register(configuration, HashMap.class, new FSTMapSerializer(), false, limits);
        register(configuration, LinkedHashMap.class, new FSTMapSerializer(), false, limits);
        register(configuration, Hashtable.class, new FSTMapSerializer(), true, limits);
        register(configuration, ConcurrentHashMap.class, new FSTMapSerializer(), true, limits);
        register(configuration, BigInteger.class, new FSTBigIntegerSerializer(), true, limits);
    }

    private static void register(FSTConfiguration configuration, Class<?> type, FSTObjectSerializer serializer,
            boolean subclasses, FstLimits limits) {
        configuration.registerSerializer(type, new LengthCheckedSerializer(serializer, limits), subclasses);
    }

    @Override
    protected byte[] write(Object value) throws IOException {
        FSTObjectOutput output = new FSTObjectOutput(configuration);
        // FST reserves this much before each Externalizable (every java.time value), growing its 1 KB buffer to
        // 8 KB per payload; our output is one growing array whose every write reserves its own space
        output.setWriteExternalWriteAhead(0);
        output.writeObject(value);
        return output.getCopyOfWrittenBuffer();
    }

    @Override
    protected Object read(byte[] data, Class<?> type) throws Exception { // FST rethrows checked ones undeclared
        GuardedObjectInput input = new GuardedObjectInput(configuration, settings.allowList(), limits,
                settings.maxDepth(), ReadBudget.current());
        input.resetForReuseUseArray(data, data.length);
        return input.readObject();
    }

}
