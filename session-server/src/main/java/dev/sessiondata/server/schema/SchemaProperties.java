package dev.sessiondata.server.schema;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/** @param maxBatchSize the largest descriptor upload; larger ones get {@code 413} */
@ConfigurationProperties("sessiondata.descriptors")
public record SchemaProperties(@DefaultValue("4MB") DataSize maxBatchSize) {
}
