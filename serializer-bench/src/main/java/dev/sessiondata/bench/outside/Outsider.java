package dev.sessiondata.bench.outside;

import java.io.Serializable;

/**
 * A class outside the race's allow-list: the matrix writes it with permissive settings and a strict reader must
 * refuse it without initializing it (its static initializer leaves a system property behind if it ever runs).
 */
public class Outsider implements Serializable {

    /** Set when this class is initialized in a JVM. */
    public static final String INITIALIZED_PROPERTY = "sessiondata.bench.outsider.initialized";

    private static final long serialVersionUID = 1L;

    static {
        System.setProperty(INITIALIZED_PROPERTY, "true");
    }

    private String command = "rm -rf /";

    public Outsider() {
    }

    public String getCommand() {
        return command;
    }

    public void setCommand(String command) {
        this.command = command;
    }
}
