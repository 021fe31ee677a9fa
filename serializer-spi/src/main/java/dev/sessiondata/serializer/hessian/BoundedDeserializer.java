package dev.sessiondata.serializer.hessian;

import com.alibaba.com.caucho.hessian.io.AbstractDeserializerWrapper;
import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import com.alibaba.com.caucho.hessian.io.Deserializer;
import com.alibaba.com.caucho.hessian.io.HessianProtocolException;
import java.io.IOException;

/**
 * Wraps a hessian-lite deserializer so that the lengths it would allocate for are checked first: list lengths
 * against the payload ({@link BoundedHessian2Input#claim}), field counts against what a Java class can have.
 */
final class BoundedDeserializer extends AbstractDeserializerWrapper {

    /** The JVM's limit on the fields of one class; a class definition claiming more is corrupt. */
    private static final int MAX_FIELDS = 65_535;

    private final Deserializer delegate;

    BoundedDeserializer(Deserializer delegate) {
        this.delegate = delegate;
    }

    @Override
    protected Deserializer getDelegate() {
        return delegate;
    }

    @Override
    public Object readList(AbstractHessianInput in, int length) throws IOException {
        claim(in, length);
        return delegate.readList(in, length);
    }

    @Override
    public Object readLengthList(AbstractHessianInput in, int length) throws IOException {
        claim(in, length);
        return delegate.readLengthList(in, length);
    }

    @Override
    public Object readList(AbstractHessianInput in, int length, Class<?> expectType) throws IOException {
        claim(in, length);
        return delegate.readList(in, length, expectType);
    }

    @Override
    public Object readLengthList(AbstractHessianInput in, int length, Class<?> expectType) throws IOException {
        claim(in, length);
        return delegate.readLengthList(in, length, expectType);
    }

    @Override
    public Object readMap(AbstractHessianInput in, Class<?> expectKeyType, Class<?> expectValueType)
            throws IOException {
        return delegate.readMap(in, expectKeyType, expectValueType);
    }

    @Override
    public Object[] createFields(int length) {
        if (length < 0 || length > MAX_FIELDS) {
            throw new IllegalArgumentException("a class definition with " + length + " fields is corrupt");
        }
        return delegate.createFields(length);
    }

    private static void claim(AbstractHessianInput in, int length) throws HessianProtocolException {
        if (in instanceof BoundedHessian2Input bounded) {
            bounded.claim(length);
        }
    }
}
