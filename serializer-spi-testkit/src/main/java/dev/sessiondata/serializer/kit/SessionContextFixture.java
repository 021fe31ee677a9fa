package dev.sessiondata.serializer.kit;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A session-context DTO with every kind of field the bank's sessions held: strings, bytes, an ordered map, a list,
 * an enum, a decimal, a nested DTO, java.time and legacy dates, and null fields. {@code extra} is declared as
 * {@code Object} so that the kit can nest a foreign class in it.
 */
public class SessionContextFixture implements Serializable {

    private static final long serialVersionUID = 1L;

    private String userId;
    private String displayName;
    private byte[] token;
    private Map<String, String> attributes;
    private List<String> steps;
    private Channel channel;
    private BigDecimal balance;
    private AddressFixture address;
    private Instant createdAt;
    private LocalDateTime lastLogin;
    private LocalDate birthDate;
    private Duration idleTimeout;
    private Date legacyDate;
    private String comment;
    private Object extra;

    public String getUserId() {
        return userId;
    }

    public void setUserId(String userId) {
        this.userId = userId;
    }

    public String getDisplayName() {
        return displayName;
    }

    public void setDisplayName(String displayName) {
        this.displayName = displayName;
    }

    public byte[] getToken() {
        return token;
    }

    public void setToken(byte[] token) {
        this.token = token;
    }

    public Map<String, String> getAttributes() {
        return attributes;
    }

    public void setAttributes(Map<String, String> attributes) {
        this.attributes = attributes;
    }

    public List<String> getSteps() {
        return steps;
    }

    public void setSteps(List<String> steps) {
        this.steps = steps;
    }

    public Channel getChannel() {
        return channel;
    }

    public void setChannel(Channel channel) {
        this.channel = channel;
    }

    public BigDecimal getBalance() {
        return balance;
    }

    public void setBalance(BigDecimal balance) {
        this.balance = balance;
    }

    public AddressFixture getAddress() {
        return address;
    }

    public void setAddress(AddressFixture address) {
        this.address = address;
    }

    public Instant getCreatedAt() {
        return createdAt;
    }

    public void setCreatedAt(Instant createdAt) {
        this.createdAt = createdAt;
    }

    public LocalDateTime getLastLogin() {
        return lastLogin;
    }

    public void setLastLogin(LocalDateTime lastLogin) {
        this.lastLogin = lastLogin;
    }

    public LocalDate getBirthDate() {
        return birthDate;
    }

    public void setBirthDate(LocalDate birthDate) {
        this.birthDate = birthDate;
    }

    public Duration getIdleTimeout() {
        return idleTimeout;
    }

    public void setIdleTimeout(Duration idleTimeout) {
        this.idleTimeout = idleTimeout;
    }

    public Date getLegacyDate() {
        return legacyDate;
    }

    public void setLegacyDate(Date legacyDate) {
        this.legacyDate = legacyDate;
    }

    public String getComment() {
        return comment;
    }

    public void setComment(String comment) {
        this.comment = comment;
    }

    public Object getExtra() {
        return extra;
    }

    public void setExtra(Object extra) {
        this.extra = extra;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SessionContextFixture that
                && Objects.equals(userId, that.userId)
                && Objects.equals(displayName, that.displayName)
                && Arrays.equals(token, that.token)
                && Objects.equals(attributes, that.attributes)
                && Objects.equals(steps, that.steps)
                && channel == that.channel
                && Objects.equals(balance, that.balance)
                && Objects.equals(address, that.address)
                && Objects.equals(createdAt, that.createdAt)
                && Objects.equals(lastLogin, that.lastLogin)
                && Objects.equals(birthDate, that.birthDate)
                && Objects.equals(idleTimeout, that.idleTimeout)
                && Objects.equals(legacyDate, that.legacyDate)
                && Objects.equals(comment, that.comment)
                && Objects.equals(extra, that.extra);
    }

    @Override
    public int hashCode() {
        return Objects.hash(userId, Arrays.hashCode(token), createdAt);
    }

    @Override
    public String toString() {
        return "SessionContextFixture{userId=" + userId + ", displayName=" + displayName + ", token="
                + Arrays.toString(token) + ", attributes=" + attributes + ", steps=" + steps + ", channel=" + channel
                + ", balance=" + balance + ", address=" + address + ", createdAt=" + createdAt + ", lastLogin="
                + lastLogin + ", birthDate=" + birthDate + ", idleTimeout=" + idleTimeout + ", legacyDate="
                + legacyDate + ", comment=" + comment + ", extra=" + extra + '}';
    }
}
