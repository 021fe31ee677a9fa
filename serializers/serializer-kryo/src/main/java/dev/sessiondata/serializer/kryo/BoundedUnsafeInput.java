package dev.sessiondata.serializer.kryo;

import com.esotericsoftware.kryo.unsafe.UnsafeInput;

/**
 * Kryo's unsafe input, with the lengths of strings and byte arrays checked before they allocate; the same checks as
 * {@link BoundedInput}, which Java's single inheritance makes us state twice.
 */
final class BoundedUnsafeInput extends UnsafeInput {

    private final ReadLimits limits;

    BoundedUnsafeInput(byte[] data, ReadLimits limits) {
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
