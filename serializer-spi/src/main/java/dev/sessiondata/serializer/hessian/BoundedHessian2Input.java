package dev.sessiondata.serializer.hessian;

import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import com.alibaba.com.caucho.hessian.io.HessianProtocolException;
import java.io.ByteArrayInputStream;

/**
 * A Hessian input over one payload that refuses list and array lengths the payload cannot hold. Every element of
 * every list takes at least one byte of its own, so all lengths claimed during one read together never exceed the
 * payload's size; a corrupt length that does is refused before hessian-lite allocates an array for it.
 */
final class BoundedHessian2Input extends Hessian2Input {

    private final int maxLength;
    private long unclaimedBytes;

    BoundedHessian2Input(byte[] payload, int maxLength) {
        super(new ByteArrayInputStream(payload));
        this.maxLength = maxLength;
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
    }
}
