package dev.sessiondata.bench.spi;

import java.io.IOException;
import java.io.UncheckedIOException;
import one.nio.serial.Serializer;

/** One Nio's compact mode through its static {@code Serializer.serialize} and {@code deserialize}. */
final class RawOneNio implements RawCodec {

    @Override
    public byte[] write(Object value) {
        try {
            return Serializer.serialize(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Object read(byte[] data) {
        try {
            return Serializer.deserialize(data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
