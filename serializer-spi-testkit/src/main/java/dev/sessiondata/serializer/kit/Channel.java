package dev.sessiondata.serializer.kit;

/** The channel a session came in through: an enum in the session fixture. */
public enum Channel {
    WEB, MOBILE, BRANCH
}
