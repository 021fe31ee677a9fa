package dev.sessiondata.serializer.hessian;

import com.alibaba.com.caucho.hessian.io.AbstractDeserializerWrapper;
import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import com.alibaba.com.caucho.hessian.io.Deserializer;
import dev.sessiondata.serializer.ReadBudget;
import java.io.IOException;

/**
 * Wraps a hessian-lite deserializer so that what a payload claims is checked before it is acted on: list lengths
 * and nesting against the accounts of {@link BoundedHessian2Input}, field counts against what a Java class can have.
 */
final class BoundedDeserializer extends AbstractDeserializerWrapper {

    /** The JVM's limit on the fields of one class; a class definition claiming more is corrupt. */
    private static final int MAX_FIELDS = 65_535;

    private final Deserializer delegate;
    /** Whether what the delegate reads is a hash-based collection, whose nesting the read's budget bounds. */
    private final boolean hashed;

    BoundedDeserializer(Deserializer delegate) {
        this.delegate = delegate;
        Class<?> type = delegate.getType();
        this.hashed = type != null && ReadBudget.isHashed(type);
    }

    @Override
    protected Deserializer getDelegate() {
        return delegate;
    }

    @Override
    public Object readObject(AbstractHessianInput in) throws IOException {
        return nested(in, hashed, -1, () -> delegate.readObject(in));
    }

    @Override
    public Object readList(AbstractHessianInput in, int length) throws IOException {
        return nested(in, hashed, length, () -> delegate.readList(in, length));
    }

    @Override
    public Object readLengthList(AbstractHessianInput in, int length) throws IOException {
        return nested(in, hashed, length, () -> delegate.readLengthList(in, length));
    }

    @Override
    public Object readList(AbstractHessianInput in, int length, Class<?> expectType) throws IOException {
        return nested(in, hashed, length, () -> delegate.readList(in, length, expectType));
    }

    @Override
    public Object readLengthList(AbstractHessianInput in, int length, Class<?> expectType) throws IOException {
        return nested(in, hashed, length, () -> delegate.readLengthList(in, length, expectType));
    }

    @Override
    public Object readMap(AbstractHessianInput in) throws IOException {
        return nested(in, hashed, -1, () -> delegate.readMap(in));
    }

    @Override
    public Object readMap(AbstractHessianInput in, Class<?> expectKeyType, Class<?> expectValueType)
            throws IOException {
        return nested(in, hashed, -1, () -> delegate.readMap(in, expectKeyType, expectValueType));
    }

    @Override
    public Object readObject(AbstractHessianInput in, Object[] fields) throws IOException {
        return nested(in, hashed, -1, () -> delegate.readObject(in, fields));
    }

    @Override
    public Object readObject(AbstractHessianInput in, String[] fieldNames) throws IOException {
        return nested(in, hashed, -1, () -> delegate.readObject(in, fieldNames));
    }

    @Override
    public Object[] createFields(int length) {
        if (length < 0 || length > MAX_FIELDS) {
            throw new IllegalArgumentException("a class definition with " + length + " fields is corrupt");
        }
        return delegate.createFields(length);
    }

    /**
     * Reads one value a level deeper, after claiming {@code length} list elements (none if negative), one object
     * and, for a hash-based collection, one level of hash nesting.
     */
    private static Object nested(AbstractHessianInput in, boolean hashed, int length, Read read) throws IOException {
        if (!(in instanceof BoundedHessian2Input bounded)) {
            return read.value();
        }
        bounded.claim(length);
        bounded.enter(hashed);
        try {
            return read.value();
        } finally {
            bounded.exit(hashed);
        }
    }

    @FunctionalInterface
    private interface Read {
        Object value() throws IOException;
    }
}
