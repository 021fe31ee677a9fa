package dev.sessiondata.bench.spi;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy;
import org.objenesis.strategy.StdInstantiatorStrategy;

/** One Kryo, references on, registration off, {@code writeClassAndObject} into a fresh {@link Output}. */
final class RawKryo implements RawCodec {

    private final Kryo kryo = new Kryo();

    RawKryo() {
        kryo.setRegistrationRequired(false);
        kryo.setReferences(true);
        kryo.setInstantiatorStrategy(new DefaultInstantiatorStrategy(new StdInstantiatorStrategy()));
    }

    @Override
    public byte[] write(Object value) {
        Output output = new Output(4096, -1);
        kryo.writeClassAndObject(output, value);
        return output.toBytes();
    }

    @Override
    public Object read(byte[] data) {
        return kryo.readClassAndObject(new Input(data));
    }
}
