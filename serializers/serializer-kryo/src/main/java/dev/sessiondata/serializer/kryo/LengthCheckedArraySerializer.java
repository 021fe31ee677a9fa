package dev.sessiondata.serializer.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

/**
 * Wraps one of Kryo's array serializers, which all start with a varint of length + 1 (0 for null) and allocate the
 * whole array before reading an element: the length is checked first, then the original serializer reads.
 */
final class LengthCheckedArraySerializer<T> extends Serializer<T> {

    private final Serializer<T> delegate;
    private final ReadLimits limits;

    LengthCheckedArraySerializer(Serializer<T> delegate, ReadLimits limits) {
        super(delegate.getAcceptsNull(), delegate.isImmutable());
        this.delegate = delegate;
        this.limits = limits;
    }

    @Override
    public void write(Kryo kryo, Output output, T array) {
        delegate.write(kryo, output, array);
    }

    @Override
    public T read(Kryo kryo, Input input, Class<? extends T> type) {
        int start = input.position();
        int lengthPlusOne = input.readVarInt(true);
        input.setPosition(start);
        if (lengthPlusOne != Kryo.NULL) {
            limits.elements(input, lengthPlusOne - 1);
        }
        return delegate.read(kryo, input, type);
    }

    @Override
    public T copy(Kryo kryo, T original) {
        return delegate.copy(kryo, original);
    }
}
