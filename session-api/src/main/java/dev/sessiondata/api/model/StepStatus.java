package dev.sessiondata.api.model;

/** The state of one workflow step. */
public enum StepStatus {
    PENDING, ACTIVE, DONE, FAILED, SKIPPED
}
