package dev.sessiondata.workload.model;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** The person behind a session, as an application caches it: identity, contact, a limit, roles. */
public class UserProfile implements Serializable {

    private static final long serialVersionUID = 1L;

    private @Nullable String userId;
    private @Nullable String login;
    private @Nullable String displayName;
    private @Nullable String email;
    private @Nullable String phone;
    private @Nullable LocalDate birthDate;
    private @Nullable String locale;
    private @Nullable BigDecimal creditLimit;
    private @Nullable List<String> roles;

    public UserProfile() {
    }

    public @Nullable String getUserId() {
        return userId;
    }

    public void setUserId(@Nullable String userId) {
        this.userId = userId;
    }

    public @Nullable String getLogin() {
        return login;
    }

    public void setLogin(@Nullable String login) {
        this.login = login;
    }

    public @Nullable String getDisplayName() {
        return displayName;
    }

    public void setDisplayName(@Nullable String displayName) {
        this.displayName = displayName;
    }

    public @Nullable String getEmail() {
        return email;
    }

    public void setEmail(@Nullable String email) {
        this.email = email;
    }

    public @Nullable String getPhone() {
        return phone;
    }

    public void setPhone(@Nullable String phone) {
        this.phone = phone;
    }

    public @Nullable LocalDate getBirthDate() {
        return birthDate;
    }

    public void setBirthDate(@Nullable LocalDate birthDate) {
        this.birthDate = birthDate;
    }

    public @Nullable String getLocale() {
        return locale;
    }

    public void setLocale(@Nullable String locale) {
        this.locale = locale;
    }

    public @Nullable BigDecimal getCreditLimit() {
        return creditLimit;
    }

    public void setCreditLimit(@Nullable BigDecimal creditLimit) {
        this.creditLimit = creditLimit;
    }

    public @Nullable List<String> getRoles() {
        return roles;
    }

    public void setRoles(@Nullable List<String> roles) {
        this.roles = roles;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof UserProfile that && Objects.equals(userId, that.userId)
                && Objects.equals(login, that.login) && Objects.equals(displayName, that.displayName)
                && Objects.equals(email, that.email) && Objects.equals(phone, that.phone)
                && Objects.equals(birthDate, that.birthDate) && Objects.equals(locale, that.locale)
                && Objects.equals(creditLimit, that.creditLimit) && Objects.equals(roles, that.roles);
    }

    @Override
    public int hashCode() {
        return Objects.hash(userId, login, displayName, email, phone, birthDate, locale, creditLimit, roles);
    }

    @Override
    public String toString() {
        return "UserProfile{userId=" + userId + ", login=" + login + ", roles=" + roles + '}';
    }
}
