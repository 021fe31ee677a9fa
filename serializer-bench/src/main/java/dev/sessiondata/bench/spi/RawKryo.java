package dev.sessiondata.bench.spi;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import org.objenesis.strategy.StdInstantiatorStrategy;

/**
 * One Kryo in the format of our provider: references on, registration not required, the JDK value and collection
 * types the session model holds registered (so they travel as ids), application classes by name;
 * {@code writeClassAndObject} into one {@link Output} reused from call to call, as code that owns its Kryo would
 * (and as our provider reuses its pooled buffers), then copied out with {@code toBytes}.
 */
final class RawKryo implements RawCodec {

    private final Kryo kryo = new Kryo();
    private final Output output = new Output(4096, -1);

    RawKryo() {
        kryo.setRegistrationRequired(false);
        kryo.setReferences(true);
        kryo.setInstantiatorStrategy(new DefaultInstantiatorStrategy(new StdInstantiatorStrategy()));
        for (Class<?> type : List.of(byte[].class, long[].class, BigInteger.class, BigDecimal.class, Date.class,
                ArrayList.class, HashMap.class, LinkedHashMap.class, HashSet.class, Instant.class, LocalDate.class,
                LocalDateTime.class, Duration.class)) {
            kryo.register(type);
        }
    }

    @Override
    public byte[] write(Object value) {
        output.reset();
        kryo.writeClassAndObject(output, value);
        return output.toBytes();
    }

    @Override
    public Object read(byte[] data) {
        return kryo.readClassAndObject(new Input(data));
    }
}
