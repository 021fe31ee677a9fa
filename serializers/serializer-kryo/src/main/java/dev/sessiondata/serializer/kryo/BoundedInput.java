package dev.sessiondata.serializer.kryo;

import com.esotericsoftware.kryo.io.Input;

/** Kryo's portable input, with the lengths of strings and byte arrays checked before they allocate. */
final class BoundedInput extends Input {

    private final ReadLimits limits;

    BoundedInput(byte[] data, ReadLimits limits) {
        super(data);
        this.limits = limits;
    }

    @Override
    public String readString() {
        limits.checkString(this);
        return super.readString();
    }

    @Override
    public StringBuilder readStringBuilder() {
        limits.checkString(this);
        return super.readStringBuilder();
    }

    @Override
    public byte[] readBytes(int length) {
        return super.readBytes(limits.elements(this, length));
    }
}
