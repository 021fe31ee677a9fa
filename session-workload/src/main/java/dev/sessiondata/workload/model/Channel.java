package dev.sessiondata.workload.model;

/** Where a user session came in. */
public enum Channel {
    WEB, MOBILE_APP, BRANCH, CALL_CENTER
}
