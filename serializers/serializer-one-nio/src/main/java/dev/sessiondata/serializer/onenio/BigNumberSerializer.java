package dev.sessiondata.serializer.onenio;

import java.io.IOException;
import java.io.NotSerializableException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import one.nio.serial.CalcSizeStream;
import one.nio.serial.DataStream;
import one.nio.serial.JsonReader;
import one.nio.serial.Repository;
import one.nio.serial.Serializer;

/**
 * Writes {@link BigInteger} and {@link BigDecimal} through their public API (two's-complement bytes, and the scale)
 * instead of one-nio's default, which copies the JDK's private fields: those differ between JDK 17 and 25 (the uid
 * changes, so peers on different JDKs could not read each other), and setting them directly skips the JDK's own
 * validation of a corrupt magnitude. Registered in one-nio's JVM-global repository, so every one-nio user in this JVM
 * writes these classes this way; readers on any JDK recognise the uid because this library registers it on start.
 */
final class BigNumberSerializer<T extends Number> extends Serializer<T> {

    static final BigNumberSerializer<BigInteger> BIG_INTEGER = new BigNumberSerializer<>(BigInteger.class);
    static final BigNumberSerializer<BigDecimal> BIG_DECIMAL = new BigNumberSerializer<>(BigDecimal.class);

    private BigNumberSerializer(Class<T> cls) {
        super(cls);
        generateUid();
    }

    /** Makes both serializers the ones one-nio uses for their classes in this JVM; idempotent. */
    static synchronized void register() {
        for (BigNumberSerializer<?> serializer : List.of(BIG_INTEGER, BIG_DECIMAL)) {
            if (Repository.get(serializer.cls()) != serializer) {
                Repository.provideSerializer(serializer);
            }
        }
    }

    /** Our serializer of this class, or null: a peer has these from this library, they are never exchanged. */
    static Serializer<?> of(Class<?> cls) {
        return cls == BigDecimal.class ? BIG_DECIMAL : cls == BigInteger.class ? BIG_INTEGER : null;
    }

    @Override
    public void calcSize(T obj, CalcSizeStream css) {
        byte[] magnitude = unscaled(obj).toByteArray();
        css.writeInt(magnitude.length);
        css.write(magnitude);
        if (obj instanceof BigDecimal) {
            css.writeInt(0);
        }
    }

    @Override
    public void write(T obj, DataStream out) throws IOException {
        byte[] magnitude = unscaled(obj).toByteArray();
        out.writeInt(magnitude.length);
        out.write(magnitude);
        if (obj instanceof BigDecimal decimal) {
            out.writeInt(decimal.scale());
        }
    }

    @Override
    public T read(DataStream in) throws IOException {
        int length = in.readInt();
        if (length < 1 || length > in.available()) {
            throw new IOException(descriptor + " claims " + length + " bytes with " + in.available() + " left");
        }
        byte[] magnitude = new byte[length];
        in.readFully(magnitude);
        BigInteger unscaled = new BigInteger(magnitude);
        Object result = cls == BigDecimal.class ? new BigDecimal(unscaled, in.readInt()) : unscaled;
        in.register(result);
        return cls().cast(result);
    }

    @Override
    public void skip(DataStream in) throws IOException {
        read(in);
    }

    @Override
    public void toJson(T obj, StringBuilder builder) {
        builder.append(obj);
    }

    @Override
    public T fromJson(JsonReader in) throws IOException {
        throw new NotSerializableException(descriptor);
    }

    private static BigInteger unscaled(Number number) {
        return number instanceof BigDecimal decimal ? decimal.unscaledValue() : (BigInteger) number;
    }
}
