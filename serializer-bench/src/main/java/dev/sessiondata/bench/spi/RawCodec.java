package dev.sessiondata.bench.spi;

import dev.sessiondata.api.KnownSerializers;
import java.util.List;

/**
 * A serializer library called directly, writing the same format as our provider (references tracked, the same
 * mode) but without what the SPI adds: the allow-list, the limits, the pool or wrapper that makes an instance
 * thread-safe, and the wrapping of every exception. One instance per benchmark thread.
 */
interface RawCodec {

    /** The ids that have a raw counterpart. */
    List<String> IDS = List.of(KnownSerializers.KRYO, KnownSerializers.ONE_NIO, KnownSerializers.FORY);

    byte[] write(Object value);

    Object read(byte[] data);

    /** The raw codec of a serializer id; its library's classes are loaded only here. */
    static RawCodec of(String id) {
        return switch (id) {
            case KnownSerializers.KRYO -> new RawKryo();
            case KnownSerializers.ONE_NIO -> new RawOneNio();
            case KnownSerializers.FORY -> new RawFory();
            default -> throw new IllegalArgumentException("no raw codec for '" + id + "'; known: " + IDS);
        };
    }
}
