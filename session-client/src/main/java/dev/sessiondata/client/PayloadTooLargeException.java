package dev.sessiondata.client;

/** {@code 413}: the serialized session is larger than the service accepts. */
public class PayloadTooLargeException extends SessionServiceException {

    private static final long serialVersionUID = 1L;

    public PayloadTooLargeException(String request, Problem problem) {
        super(request, problem);
    }
}
