package dev.sessiondata.server.store;

/**
 * A write would add its session to an index value that lists the most sessions the store allows already: nothing
 * was written.
 */
public class IndexValueFullException extends RuntimeException {

    private final String index;

    public IndexValueFullException(String index, int maxSessions) {
        super("index '" + index + "' holds " + maxSessions + " sessions under this value already, its most");
        this.index = index;
    }

    /** The name of the index. */
    public String index() {
        return index;
    }
}
