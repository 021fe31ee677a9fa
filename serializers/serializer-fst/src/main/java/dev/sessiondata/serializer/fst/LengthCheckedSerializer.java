package dev.sessiondata.serializer.fst;

import java.io.IOException;
import org.nustaq.serialization.FSTClazzInfo;
import org.nustaq.serialization.FSTObjectInput;
import org.nustaq.serialization.FSTObjectOutput;
import org.nustaq.serialization.FSTObjectSerializer;

/**
 * Wraps one of FST's serializers whose {@code instantiate} starts by reading a length and allocating by it
 * ({@code new ArrayList(len)}, {@code new HashMap(len)}, {@code new byte[len]} for BigInteger): the length is checked
 * first, then FST's serializer reads as before. Writing is untouched, so the bytes are FST's own.
 */
final class LengthCheckedSerializer implements FSTObjectSerializer {

    private final FSTObjectSerializer delegate;
    private final FstLimits limits;

    LengthCheckedSerializer(FSTObjectSerializer delegate, FstLimits limits) {
        this.delegate = delegate;
        this.limits = limits;
    }

    @Override
    public void writeObject(FSTObjectOutput out, Object value, FSTClazzInfo info, FSTClazzInfo.FSTFieldInfo referencedBy,
            int position) throws IOException {
        delegate.writeObject(out, value, info, referencedBy, position);
    }

    @Override
    public void readObject(FSTObjectInput in, Object target, FSTClazzInfo info, FSTClazzInfo.FSTFieldInfo referencedBy)
            throws Exception {
        delegate.readObject(in, target, info, referencedBy);
    }

    @Override
    @SuppressWarnings("rawtypes")
    public boolean willHandleClass(Class type) {
        return delegate.willHandleClass(type);
    }

    @Override
    public boolean alwaysCopy() {
        return delegate.alwaysCopy();
    }

    @Override
    @SuppressWarnings("rawtypes")
    public Object instantiate(Class type, FSTObjectInput in, FSTClazzInfo info, FSTClazzInfo.FSTFieldInfo referencedBy,
            int position) throws Exception {
        int length = limits.checkNextLength(in.getCodec());
        if (in instanceof GuardedObjectInput guarded) {
            guarded.budget().countElements(length);
        }
        return delegate.instantiate(type, in, info, referencedBy, position);
    }
}
