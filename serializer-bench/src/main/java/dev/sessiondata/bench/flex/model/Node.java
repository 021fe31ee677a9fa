package dev.sessiondata.bench.flex.model;

import java.io.Serializable;
import org.jspecify.annotations.Nullable;

/** A graph node: the probes point two fields at one node (shared) or a node back at itself (cycle). */
public class Node implements Serializable {

    private static final long serialVersionUID = 1L;

    private @Nullable String name;
    private @Nullable Node next;
    private @Nullable Node other;

    public Node() {
    }

    public Node(String name) {
        this.name = name;
    }

    public @Nullable String getName() {
        return name;
    }

    public void setName(@Nullable String name) {
        this.name = name;
    }

    public @Nullable Node getNext() {
        return next;
    }

    public void setNext(@Nullable Node next) {
        this.next = next;
    }

    public @Nullable Node getOther() {
        return other;
    }

    public void setOther(@Nullable Node other) {
        this.other = other;
    }
}
