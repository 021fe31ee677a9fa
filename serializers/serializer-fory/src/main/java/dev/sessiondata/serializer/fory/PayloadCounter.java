package dev.sessiondata.serializer.fory;

/**
 * A meta context of {@code fory-shared} that counts the payloads written or read with it, so that a serializer of one
 * Fory instance (one call at a time) can tell a new payload from the one it was last called in without a map.
 */
interface PayloadCounter {

    /** How many payloads were started with this context; changes when one starts. */
    long payloads();
}
