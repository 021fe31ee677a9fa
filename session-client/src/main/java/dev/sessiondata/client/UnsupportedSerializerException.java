package dev.sessiondata.client;

import java.util.List;

/**
 * {@code 415}: the service does not accept the serializer this client wrote with (unknown to it, or no longer
 * accepted after an operator closed a migration window). {@link #accepted()} lists what it accepts.
 */
public class UnsupportedSerializerException extends SessionServiceException {

    private static final long serialVersionUID = 1L;

    public UnsupportedSerializerException(String request, Problem problem) {
        super(request, problem);
    }

    /** The serializer ids the service accepts, from the problem document; empty if it did not say. */
    public List<String> accepted() {
        return problem().stringList("accepted");
    }
}
