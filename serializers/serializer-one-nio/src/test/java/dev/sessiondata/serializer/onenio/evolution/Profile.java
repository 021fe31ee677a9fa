package dev.sessiondata.serializer.onenio.evolution;

import java.io.Serializable;
import java.time.Instant;
import java.time.LocalDateTime;

/**
 * The reader's version of a profile. The writer's versions (see {@code OtherVersionJvm}) lack
 * {@code readerOnly}, have a {@code writerOnly} field instead, and declare their fields in another order.
 */
public class Profile implements Serializable {

    private static final long serialVersionUID = 1L;

    private String userId;
    private String displayName;
    private Address address;
    private Tier tier;
    private Instant createdAt;
    private LocalDateTime lastLogin;
    private String readerOnly;

    public String userId() {
        return userId;
    }

    public String displayName() {
        return displayName;
    }

    public Address address() {
        return address;
    }

    public Tier tier() {
        return tier;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public LocalDateTime lastLogin() {
        return lastLogin;
    }

    public String readerOnly() {
        return readerOnly;
    }
}
