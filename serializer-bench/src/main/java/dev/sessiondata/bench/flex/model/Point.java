package dev.sessiondata.bench.flex.model;

import java.io.Serializable;

/** A record: no setters, no no-arg constructor, read through its canonical constructor (or not at all). */
public record Point(int x, int y, String label) implements Serializable {
}
