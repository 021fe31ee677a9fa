package dev.sessiondata.serializer.onenio.evolution;

/** The same in the writer's and the reader's version. */
public enum Tier {
    BASIC, GOLD, PLATINUM
}
