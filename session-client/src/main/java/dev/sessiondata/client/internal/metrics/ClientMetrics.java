package dev.sessiondata.client.internal.metrics;

/**
 * What the session client measures. Internal to the client: an application chooses Micrometer by handing the
 * builder a {@code MeterRegistry}, and {@link #NONE} is used otherwise, so the client runs without Micrometer's jar.
 */
public interface ClientMetrics {

    /** Measures nothing. */
    ClientMetrics NONE = new ClientMetrics() {
        @Override
        public void serialized(String serializerId, long nanos, int bytes) {
        }

        @Override
        public void deserialized(String serializerId, long nanos, int bytes) {
        }

        @Override
        public void request(String operation, String outcome, long nanos) {
        }

        @Override
        public void fallbackWrite(String activeSerializerId, String serializerId) {
        }
    };

    /** A value was written to {@code bytes} bytes in {@code nanos}. */
    void serialized(String serializerId, long nanos, int bytes);

    /** A payload of {@code bytes} bytes was read in {@code nanos}, whether or not it succeeded. */
    void deserialized(String serializerId, long nanos, int bytes);

    /** One HTTP request of an operation ended with an outcome (see {@link Outcome}) after {@code nanos}. */
    void request(String operation, String outcome, long nanos);

    /**
     * A value was written with {@code serializerId}, which the service accepts, because this client does not have
     * the service's active serializer: an operator watches this fall to zero before closing a migration window.
     */
    void fallbackWrite(String activeSerializerId, String serializerId);

    /**
     * Makes the Micrometer implementation. Takes {@code Object} so that callers do not name Micrometer's types.
     *
     * @param meterRegistry an {@code io.micrometer.core.instrument.MeterRegistry}
     */
    static ClientMetrics micrometer(Object meterRegistry) {
        return new MicrometerClientMetrics((io.micrometer.core.instrument.MeterRegistry) meterRegistry);
    }
}
