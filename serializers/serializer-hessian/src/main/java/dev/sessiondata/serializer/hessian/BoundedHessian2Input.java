package dev.sessiondata.serializer.hessian;

import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import com.alibaba.com.caucho.hessian.io.HessianProtocolException;
import dev.sessiondata.serializer.ReadBudget;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Collection;
import java.util.Map;

/**
 * A Hessian input over one payload that keeps the accounts {@link BoundedDeserializer} checks before hessian-lite
 * allocates or recurses:
 * <ul>
 *   <li>list lengths: every element of every list takes at least one byte of its own, so all lengths claimed
 *       during one read together never exceed the payload's size, and none exceeds {@code maxArrayLength};</li>
 *   <li>nesting: objects, maps and lists inside each other at most {@code maxDepth} deep;</li>
 *   <li>the read's {@link ReadBudget}: objects, list elements, hash-based collections nested in each other, and
 *       back-references inside those, charged what hashing them walks.</li>
 * </ul>
 */
final class BoundedHessian2Input extends Hessian2Input {

    private final int maxLength;
    private final int maxDepth;
    private final ReadBudget budget;
    private long unclaimedBytes;
    private int depth;

    BoundedHessian2Input(byte[] payload, int maxLength, int maxDepth, ReadBudget budget) {
        super(new ByteArrayInputStream(payload));
        this.budget = budget;
        this.maxLength = maxLength;
        this.maxDepth = maxDepth;
        this.unclaimedBytes = payload.length;
    }

    /** Accounts for a list of {@code length} elements about to be read; a negative length means "until the end". */
    void claim(int length) throws HessianProtocolException {
        if (length < 0) {
            return;
        }
        if (length > maxLength || length > unclaimedBytes) {
            throw new HessianProtocolException("a list of " + length + " elements exceeds "
                    + (length > maxLength ? "maxArrayLength " + maxLength : "what the payload can hold"));
        }
        unclaimedBytes -= length;
        budget.countElements(length);
    }

    /**
     * Enters one level of nesting, of a hash-based collection if {@code hashed}, and counts one object; every call is
     * paired with {@link #exit(boolean)}.
     */
    void enter(boolean hashed) throws HessianProtocolException {
        if (++depth > maxDepth) {
            depth--;
            throw new HessianProtocolException("nesting deeper than maxDepth " + maxDepth);
        }
        budget.countObject();
        if (hashed) {
            budget.enterHashed();
        }
    }

    @Override
    public Object readObject() throws IOException {
        int before = _refs == null ? 0 : _refs.size();
        return charged(before, super.readObject());
    }

    @Override
    @SuppressWarnings("rawtypes") // hessian-lite's signature
    public Object readObject(Class expected) throws IOException {
        int before = _refs == null ? 0 : _refs.size();
        return charged(before, super.readObject(expected));
    }

    /**
     * Inside a hash-based collection, a collection or map whose read added nothing to hessian-lite's reference list
     * is a back-reference (a fresh one registers itself first): charged what hashing it walks
     * ({@link ReadBudget#countSharedReference}).
     */
    private Object charged(int refsBefore, Object value) {
        if (budget.insideHashed() && (value instanceof Collection<?> || value instanceof Map<?, ?>)
                && (_refs == null ? 0 : _refs.size()) == refsBefore) {
            budget.countSharedReference(value);
        }
        return value;
    }

    void exit(boolean hashed) {
        depth--;
        if (hashed) {
            budget.exitHashed();
        }
    }
}
