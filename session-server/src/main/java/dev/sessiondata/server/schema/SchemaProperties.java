package dev.sessiondata.server.schema;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The bounds of the descriptor registry: no client can make it, or one answer of it, grow without limit.
 *
 * @param maxBatchSize the largest descriptor upload, and the most one page of a listing carries; larger uploads get
 *     {@code 413}
 * @param maxBatchCount the most descriptors in one upload ({@code 413} above): an application's session graph has
 *     far fewer classes
 * @param maxDescriptorSize the largest single descriptor ({@code 413} above): one names a class and its fields
 * @param maxTotalSize the most descriptor bytes kept per serializer; an upload that would pass it gets {@code 429}
 *     and stores nothing
 * @param pageSize the descriptors one page of a listing holds when the request names no {@code limit}, and the most
 *     it may name
 */
@ConfigurationProperties("sessiondata.descriptors")
public record SchemaProperties(@DefaultValue("4MB") DataSize maxBatchSize, @DefaultValue("4096") int maxBatchCount,
        @DefaultValue("64KB") DataSize maxDescriptorSize, @DefaultValue("16MB") DataSize maxTotalSize,
        @DefaultValue("1000") int pageSize) {

    public SchemaProperties {
        if (maxBatchCount < 1 || pageSize < 1) {
            throw new IllegalArgumentException("sessiondata.descriptors.max-batch-count and page-size must be positive");
        }
    }
}
