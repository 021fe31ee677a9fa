package dev.sessiondata.server.schema;

/** A record of a descriptor upload that is not a descriptor of its serializer's format, or not of its uid. */
final class InvalidDescriptorException extends RuntimeException {

    InvalidDescriptorException(String message) {
        super(message);
    }
}
