package dev.sessiondata.server.security;

/** What a client's token allows. */
public enum Access {
    /** GET and HEAD. */
    READ,
    /** Every method. */
    READ_WRITE;

    public boolean allowsWrites() {
        return this == READ_WRITE;
    }
}
