package dev.sessiondata.client.internal.metrics;

/** The {@code outcome} tag of a request: low-cardinality names of what an answer meant. */
public final class Outcome {

    public static final String SUCCESS = "success";
    public static final String NOT_FOUND = "not_found";
    public static final String CONFLICT = "conflict";
    public static final String CLIENT_ERROR = "client_error";
    public static final String SERVER_ERROR = "server_error";
    public static final String IO_ERROR = "io_error";

    private Outcome() {
    }

    /** The outcome of an HTTP status; {@code 304 Not Modified} counts as a success. */
    public static String of(int status) {
        if (status == 404) {
            return NOT_FOUND;
        }
        if (status == 412) {
            return CONFLICT;
        }
        if (status < 400) {
            return SUCCESS;
        }
        return status < 500 ? CLIENT_ERROR : SERVER_ERROR;
    }
}
