package dev.sessiondata.server.serializer;

import java.util.List;

/** {@code sessiondata.serializer.*} names a serializer id that is not known, or an active one it does not accept. */
public class SerializerConfigurationException extends IllegalStateException {

    private final List<String> available;

    public SerializerConfigurationException(String message, List<String> available) {
        super(message);
        this.available = List.copyOf(available);
    }

    /** The ids the configuration may name. */
    public List<String> available() {
        return available;
    }
}
