package dev.sessiondata.bench.flex.model;

/** The enum of {@link EnumHolder}. */
public enum Level {
    LOW, MEDIUM, HIGH
}
