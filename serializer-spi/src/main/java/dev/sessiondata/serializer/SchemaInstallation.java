package dev.sessiondata.serializer;

/** What {@link SchemaExchangingSerializer#install} did with a peer's schema. */
public enum SchemaInstallation {
    /** Installed now: payloads naming its uid read from here on. */
    INSTALLED,
    /** This JVM knew the uid already (its own class, or installed before): nothing changed. */
    ALREADY_KNOWN,
    /** The class, or a declared field type, is outside the allow-list: nothing was loaded or installed. */
    NOT_ALLOWED,
    /** The class is not on this JVM's class path (another application's class): nothing was installed. */
    CLASS_NOT_FOUND
}
