package dev.sessiondata.bench.flex.model;

import java.io.Serializable;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZonedDateTime;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** Every common java.time type, with nanoseconds where the type has them. */
public class TimeTypes implements Serializable {

    private static final long serialVersionUID = 1L;

    private @Nullable Instant instant;
    private @Nullable LocalDate localDate;
    private @Nullable LocalDateTime localDateTime;
    private @Nullable LocalTime localTime;
    private @Nullable ZonedDateTime zonedDateTime;
    private @Nullable OffsetDateTime offsetDateTime;
    private @Nullable Duration duration;
    private @Nullable Period period;

    public TimeTypes() {
    }

    public TimeTypes(@Nullable Instant instant, @Nullable LocalDate localDate, @Nullable LocalDateTime localDateTime, @Nullable LocalTime localTime, @Nullable ZonedDateTime zonedDateTime, @Nullable OffsetDateTime offsetDateTime, @Nullable Duration duration, @Nullable Period period) {
        this.instant = instant;
        this.localDate = localDate;
        this.localDateTime = localDateTime;
        this.localTime = localTime;
        this.zonedDateTime = zonedDateTime;
        this.offsetDateTime = offsetDateTime;
        this.duration = duration;
        this.period = period;
    }

    public @Nullable Instant getInstant() {
        return instant;
    }

    public void setInstant(@Nullable Instant instant) {
        this.instant = instant;
    }

    public @Nullable LocalDate getLocalDate() {
        return localDate;
    }

    public void setLocalDate(@Nullable LocalDate localDate) {
        this.localDate = localDate;
    }

    public @Nullable LocalDateTime getLocalDateTime() {
        return localDateTime;
    }

    public void setLocalDateTime(@Nullable LocalDateTime localDateTime) {
        this.localDateTime = localDateTime;
    }

    public @Nullable LocalTime getLocalTime() {
        return localTime;
    }

    public void setLocalTime(@Nullable LocalTime localTime) {
        this.localTime = localTime;
    }

    public @Nullable ZonedDateTime getZonedDateTime() {
        return zonedDateTime;
    }

    public void setZonedDateTime(@Nullable ZonedDateTime zonedDateTime) {
        this.zonedDateTime = zonedDateTime;
    }

    public @Nullable OffsetDateTime getOffsetDateTime() {
        return offsetDateTime;
    }

    public void setOffsetDateTime(@Nullable OffsetDateTime offsetDateTime) {
        this.offsetDateTime = offsetDateTime;
    }

    public @Nullable Duration getDuration() {
        return duration;
    }

    public void setDuration(@Nullable Duration duration) {
        this.duration = duration;
    }

    public @Nullable Period getPeriod() {
        return period;
    }

    public void setPeriod(@Nullable Period period) {
        this.period = period;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof TimeTypes that && Objects.equals(instant, that.instant) && Objects.equals(localDate, that.localDate) && Objects.equals(localDateTime, that.localDateTime) && Objects.equals(localTime, that.localTime) && Objects.equals(zonedDateTime, that.zonedDateTime) && Objects.equals(offsetDateTime, that.offsetDateTime) && Objects.equals(duration, that.duration) && Objects.equals(period, that.period);
    }

    @Override
    public int hashCode() {
        return Objects.hash(instant, localDate, localDateTime, localTime, zonedDateTime, offsetDateTime, duration, period);
    }

    @Override
    public String toString() {
        return "TimeTypes{" + "instant=" + instant + ", " + "localDate=" + localDate + ", " + "localDateTime=" + localDateTime + ", " + "localTime=" + localTime + ", " + "zonedDateTime=" + zonedDateTime + ", " + "offsetDateTime=" + offsetDateTime + ", " + "duration=" + duration + ", " + "period=" + period + "}";
    }
}
