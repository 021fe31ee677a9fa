package dev.sessiondata.serializer.fst;

import java.io.IOException;
import org.nustaq.serialization.FSTConfiguration;
import org.nustaq.serialization.coders.FSTBytezDecoder;

/**
 * FST's unsafe decoder made memory-safe. It reads through {@code sun.misc.Unsafe} with its bounds check compiled
 * out and ignores what {@link #ensureReadAhead} reports, so a truncated or corrupt payload would read the heap
 * beyond the payload array. It calls {@link #ensureReadAhead} before every read, so refusing there any read that
 * reaches past the payload bounds all of them; the one bulk read that skips it is checked here as well.
 */
final class BoundedBytezDecoder extends FSTBytezDecoder {

    private final FstLimits limits;

    BoundedBytezDecoder(FSTConfiguration configuration, FstLimits limits) {
        super(configuration);
        this.limits = limits;
    }

    @Override
    public int ensureReadAhead(int bytes) {
        if (bytes < 0 || bytes > available()) {
            throw new IllegalStateException("a read of " + bytes + " bytes reaches past the payload ("
                    + available() + " unread bytes)");
        }
        return 0;
    }

    @Override
    public void readFIntArr(int length, int[] array) throws IOException {
        ensureReadAhead(Math.multiplyExact(length, Integer.BYTES));
        super.readFIntArr(length, array);
    }

    @Override
    public String readStringUTF() throws IOException {
        limits.checkNextLength(this);
        return super.readStringUTF();
    }

    @Override
    public String readStringAsc() throws IOException {
        limits.checkNextLength(this);
        return super.readStringAsc();
    }
}
