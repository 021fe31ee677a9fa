package dev.sessiondata.spring;

/**
 * A session attribute holds an object of a class the serializers' allow-list does not allow: stored, it could not
 * be read back (by this application or any other), so it is refused before it reaches the service.
 */
public final class DisallowedAttributeException extends IllegalArgumentException {

    private final String attribute;
    private final String className;

    DisallowedAttributeException(String attribute, String path, String className) {
        super("session attribute '" + attribute + "' holds a " + className + (path.isEmpty() ? "" : " at " + path)
                + ", which the serializer settings do not allow; allow its package (sessiondata.client.allow-packages"
                + " with the Boot starter) or keep it out of the session");
        this.attribute = attribute;
        this.className = className;
    }

    /** The name of the refused attribute. */
    public String attribute() {
        return attribute;
    }

    /** The class that is not allowed. */
    public String className() {
        return className;
    }
}
