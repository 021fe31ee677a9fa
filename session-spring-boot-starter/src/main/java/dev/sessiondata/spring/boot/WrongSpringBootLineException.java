package dev.sessiondata.spring.boot;

import org.jspecify.annotations.Nullable;

/**
 * The application runs a Spring Boot line this starter was not built for; without this check it would fail later,
 * with a {@code ClassNotFoundException} for a class the other line moved, that names neither Boot nor the starter.
 */
public class WrongSpringBootLineException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    private final String starter;
    private final String requiredLine;
    private final String otherStarter;
    private final String otherLine;

    WrongSpringBootLineException(String starter, String requiredLine, @Nullable String foundVersion,
                                 String otherStarter, String otherLine) {
        super(starter + " needs Spring Boot " + requiredLine + ", but this application runs Spring Boot "
                + (foundVersion == null ? "of another line (its version is not known)" : foundVersion));
        this.starter = starter;
        this.requiredLine = requiredLine;
        this.otherStarter = otherStarter;
        this.otherLine = otherLine;
    }

    /** The artifact id of the starter on the class path. */
    public String starter() {
        return starter;
    }

    /** The Spring Boot line that starter needs, such as {@code 4.x}. */
    public String requiredLine() {
        return requiredLine;
    }

    /** The artifact id of the starter for the other line. */
    public String otherStarter() {
        return otherStarter;
    }

    /** The Spring Boot line {@link #otherStarter()} is for. */
    public String otherLine() {
        return otherLine;
    }
}
