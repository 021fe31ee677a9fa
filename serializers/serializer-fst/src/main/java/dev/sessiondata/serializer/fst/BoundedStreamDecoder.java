package dev.sessiondata.serializer.fst;

import java.io.IOException;
import org.nustaq.serialization.FSTConfiguration;
import org.nustaq.serialization.coders.FSTStreamDecoder;

/** FST's default decoder; strings are checked before it sizes its char buffer by their declared length. */
final class BoundedStreamDecoder extends FSTStreamDecoder {

    private final FstLimits limits;

    BoundedStreamDecoder(FSTConfiguration configuration, FstLimits limits) {
        super(configuration);
        this.limits = limits;
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
