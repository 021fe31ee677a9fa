package dev.sessiondata.bench.flex.model;

import java.io.Serializable;
import java.time.LocalDate;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** Fields the probes leave null. */
public class NullFields implements Serializable {

    private static final long serialVersionUID = 1L;

    private @Nullable String text;
    private @Nullable Integer number;
    private @Nullable List<String> list;
    private @Nullable LocalDate date;

    public NullFields() {
    }

    public NullFields(@Nullable String text, @Nullable Integer number, @Nullable List<String> list, @Nullable LocalDate date) {
        this.text = text;
        this.number = number;
        this.list = list;
        this.date = date;
    }

    public @Nullable String getText() {
        return text;
    }

    public void setText(@Nullable String text) {
        this.text = text;
    }

    public @Nullable Integer getNumber() {
        return number;
    }

    public void setNumber(@Nullable Integer number) {
        this.number = number;
    }

    public @Nullable List<String> getList() {
        return list;
    }

    public void setList(@Nullable List<String> list) {
        this.list = list;
    }

    public @Nullable LocalDate getDate() {
        return date;
    }

    public void setDate(@Nullable LocalDate date) {
        this.date = date;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof NullFields that && Objects.equals(text, that.text) && Objects.equals(number, that.number) && Objects.equals(list, that.list) && Objects.equals(date, that.date);
    }

    @Override
    public int hashCode() {
        return Objects.hash(text, number, list, date);
    }

    @Override
    public String toString() {
        return "NullFields{" + "text=" + text + ", " + "number=" + number + ", " + "list=" + list + ", " + "date=" + date + "}";
    }
}
