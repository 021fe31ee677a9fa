package dev.sessiondata.server.store;

/** What a conditional delete did. */
public enum DeleteResult { DELETED, NOT_FOUND, PRECONDITION_FAILED }
