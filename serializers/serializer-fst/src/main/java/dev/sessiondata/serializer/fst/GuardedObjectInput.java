package dev.sessiondata.serializer.fst;

import dev.sessiondata.serializer.ClassAllowList;
import dev.sessiondata.serializer.ReadBudget;
import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import org.nustaq.serialization.FSTClazzInfo;
import org.nustaq.serialization.FSTConfiguration;
import org.nustaq.serialization.FSTObjectInput;
import org.nustaq.serialization.FSTObjectOutput;
import org.nustaq.serialization.FSTObjectSerializer;

/**
 * One read of one payload, with the checks FST itself lacks: the nesting depth, the read's {@link ReadBudget}
 * (objects, elements of collections and object arrays, hash-based collections nested in each other), the allow-list at every
 * instantiation (FST also creates objects of classes it knows by a pre-registered id or by a field's declared type,
 * which never pass the class loader), declared array lengths, and the arrays that JDK classes allocate in their own
 * {@code readObject} when FST emulates java.io for them ({@code ArrayDeque}, {@code List.of}'s proxy, {@code HashSet}
 * subclasses...): those go through an {@link ObjectInputFilter} on FST's stand-in {@link ObjectInputStream}.
 *
 * <p>Not thread-safe and not reused: one instance per read, so nothing of one payload reaches the next.
 */
final class GuardedObjectInput extends FSTObjectInput {

    /**
     * JDK collections size their table by up to eight times their element count (HashSet: capacity up to 4x the
     * size, rounded up to a power of two), and every element takes at least one byte of the payload.
     */
    private static final int JDK_ARRAY_SLOTS_PER_UNREAD_BYTE = 8;

    private final ClassAllowList allowList;
    private final FstLimits limits;
    private final int maxDepth;
    private final ReadBudget budget;
    private final ObjectInputFilter jdkArrayFilter = this::checkJdkArray;
    private int depth;

    GuardedObjectInput(FSTConfiguration configuration, ClassAllowList allowList, FstLimits limits,
            int maxDepth, ReadBudget budget) {
        super(configuration);
        this.budget = budget;
        this.allowList = allowList;
        this.limits = limits;
        this.maxDepth = maxDepth;
        // a hint for streams, which the unsafe decoder's bounds check would take for a read: the payload is all here
        setReadExternalReadAHead(0);
    }

    @Override
    public Object readObjectWithHeader(FSTClazzInfo.FSTFieldInfo referencee) throws Exception {
        if (depth == maxDepth) {
            throw new IOException("nesting deeper than maxDepth " + maxDepth);
        }
        depth++;
        budget.countObject();
        try {
            if (!budget.insideHashed()) {
                return super.readObjectWithHeader(referencee);
            }
            int start = getCodec().getInputPos();
            boolean backReference = getCodec().readObjectHeaderTag() == FSTObjectOutput.HANDLE;
            getCodec().moveTo(start);
            Object value = super.readObjectWithHeader(referencee);
            if (backReference) {
                budget.countSharedReference(value);
            }
            return value;
        } finally {
            depth--;
        }
    }

    @Override
    @SuppressWarnings("rawtypes")
    protected Object instantiateAndReadWithSer(Class type, FSTObjectSerializer serializer, FSTClazzInfo info,
            FSTClazzInfo.FSTFieldInfo referencee, int position) throws Exception {
        allowList.check(type);
        if (!ReadBudget.isHashed(type)) {
            return super.instantiateAndReadWithSer(type, serializer, info, referencee, position);
        }
        budget.enterHashed();
        try {
            return super.instantiateAndReadWithSer(type, serializer, info, referencee, position);
        } finally {
            budget.exitHashed();
        }
    }

    @Override
    @SuppressWarnings("rawtypes")
    protected Object instantiateAndReadNoSer(Class type, FSTClazzInfo info, FSTClazzInfo.FSTFieldInfo referencee,
            int position) throws Exception {
        allowList.check(type);
        if (!ReadBudget.isHashed(type)) {
            return super.instantiateAndReadNoSer(type, info, referencee, position);
        }
        budget.enterHashed();
        try {
            return super.instantiateAndReadNoSer(type, info, referencee, position);
        } finally {
            budget.exitHashed();
        }
    }

    @Override
    @SuppressWarnings("rawtypes")
    protected Object readArrayNoHeader(FSTClazzInfo.FSTFieldInfo referencee, int position, Class arrayType)
            throws Exception {
        allowList.check(arrayType);
        int start = getCodec().getInputPos();
        int length = getCodec().readFInt();
        getCodec().moveTo(start);
        if (length != -1) { // -1 is FST's null array
            limits.elements(getCodec(), length);
            if (!arrayType.getComponentType().isPrimitive()) {
                budget.countElements(length);
            }
        }
        return super.readArrayNoHeader(referencee, position, arrayType);
    }

    /** The work this read may still do. */
    ReadBudget budget() {
        return budget;
    }

    @Override
    @SuppressWarnings("rawtypes")
    protected ObjectInputStream getObjectInputStream(Class type, FSTClazzInfo info,
            FSTClazzInfo.FSTFieldInfo referencee, Object target) throws IOException {
        ObjectInputStream stream = super.getObjectInputStream(type, info, referencee, target);
        if (stream.getObjectInputFilter() != jdkArrayFilter) { // FST hands out the same stand-in every time
            stream.setObjectInputFilter(jdkArrayFilter);
        }
        return stream;
    }

    private ObjectInputFilter.Status checkJdkArray(ObjectInputFilter.FilterInfo info) {
        long length = info.arrayLength();
        if (length < 0) {
            return ObjectInputFilter.Status.UNDECIDED;
        }
        long bound = Math.min(limits.maxLength(),
                (long) JDK_ARRAY_SLOTS_PER_UNREAD_BYTE * getCodec().available() + JDK_ARRAY_SLOTS_PER_UNREAD_BYTE);
        return length > bound ? ObjectInputFilter.Status.REJECTED : ObjectInputFilter.Status.UNDECIDED;
    }
}
