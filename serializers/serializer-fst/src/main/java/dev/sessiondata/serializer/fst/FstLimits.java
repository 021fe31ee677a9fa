package dev.sessiondata.serializer.fst;

import java.io.IOException;
import org.nustaq.serialization.FSTDecoder;

/**
 * Checks a length declared in a payload before FST allocates by it. FST allocates strings, arrays and collection
 * capacities by the declared length before reading an element; every element takes at least one byte, and our
 * decoders always hold the whole payload, so a length beyond the unread bytes is corrupt.
 */
record FstLimits(int maxLength) {

    /** A declared count of elements: at most {@code maxLength} and at most the unread bytes. */
    int elements(FSTDecoder codec, int declared) throws IOException {
        int unread = codec.available();
        if (declared < 0 || declared > maxLength || declared > unread) {
            throw new IOException("declared length " + declared + " is outside 0.." + Math.min(maxLength, unread)
                    + " (maxArrayLength " + maxLength + ", " + unread + " unread bytes)");
        }
        return declared;
    }

    /**
     * Checks the length FST will read next (its compressed int), leaving the position where it was; returns it.
     */
    int checkNextLength(FSTDecoder codec) throws IOException {
        int start = codec.getInputPos();
        int declared = codec.readFInt();
        codec.moveTo(start);
        return elements(codec, declared);
    }
}
