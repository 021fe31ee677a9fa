package dev.sessiondata.serializer.bson;

import dev.sessiondata.serializer.SerializerSettings;
import org.bson.UuidRepresentation;
import org.bson.codecs.EnumCodecProvider;
import org.bson.codecs.ValueCodecProvider;
import org.bson.codecs.configuration.CodecRegistries;
import org.bson.codecs.configuration.CodecRegistry;

/**
 * The codec registry of the {@code mongo-bson} serializer. Its providers are asked in this order, so ours come first
 * where the library's defaults lose information:
 * <ol>
 *   <li>java.time and {@code BigInteger} ({@link JavaTimeCodecProvider}): the library's java.time codecs write
 *       milliseconds, dropping the nanoseconds of an {@code Instant} or {@code LocalDateTime};</li>
 *   <li>maps, collections, arrays and {@code Object} ({@link ContainerCodecProvider}): the library's read a
 *       {@code LinkedHashMap} back as a {@code HashMap}, has no codec for {@code long[]} and reads nested documents
 *       as {@code org.bson.Document};</li>
 *   <li>the library's value codecs (strings, numbers, {@code byte[]}, {@code BigDecimal} as Decimal128,
 *       {@code Date}, {@code UUID} in the standard binary form) and enums by name;</li>
 *   <li>POJOs of allow-listed classes ({@link AllowListedPojoCodecProvider}).</li>
 * </ol>
 */
final class SessionCodecs {

    private SessionCodecs() {
    }

    static CodecRegistry registry(SerializerSettings settings) {
        CodecRegistry registry = CodecRegistries.fromProviders(
                new JavaTimeCodecProvider(),
                new ContainerCodecProvider(settings.maxDepth()),
                new ValueCodecProvider(),
                new EnumCodecProvider(),
                new AllowListedPojoCodecProvider(settings.allowList()));
        return CodecRegistries.withUuidRepresentation(registry, UuidRepresentation.STANDARD);
    }
}
