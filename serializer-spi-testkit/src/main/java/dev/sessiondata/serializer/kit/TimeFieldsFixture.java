package dev.sessiondata.serializer.kit;

import java.io.Serializable;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Date;
import java.util.Objects;

/** Three timestamp fields, to measure what each costs on the wire (each null unless set). */
public class TimeFieldsFixture implements Serializable {

    private static final long serialVersionUID = 1L;

    private Instant instant;
    private LocalDateTime localDateTime;
    private Date date;

    public Instant getInstant() {
        return instant;
    }

    public void setInstant(Instant instant) {
        this.instant = instant;
    }

    public LocalDateTime getLocalDateTime() {
        return localDateTime;
    }

    public void setLocalDateTime(LocalDateTime localDateTime) {
        this.localDateTime = localDateTime;
    }

    public Date getDate() {
        return date;
    }

    public void setDate(Date date) {
        this.date = date;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TimeFieldsFixture that && Objects.equals(instant, that.instant)
                && Objects.equals(localDateTime, that.localDateTime) && Objects.equals(date, that.date);
    }

    @Override
    public int hashCode() {
        return Objects.hash(instant, localDateTime, date);
    }

    @Override
    public String toString() {
        return "TimeFieldsFixture{instant=" + instant + ", localDateTime=" + localDateTime + ", date=" + date + '}';
    }
}
