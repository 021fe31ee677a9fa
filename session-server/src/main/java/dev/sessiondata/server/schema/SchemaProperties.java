package dev.sessiondata.server.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/** @param maxBatchSize the largest One Nio descriptor upload; larger ones get {@code 413} */
@ConfigurationProperties("sessiondata.descriptors")
public record DescriptorProperties(@DefaultValue("4MB") DataSize maxBatchSize) {
}
