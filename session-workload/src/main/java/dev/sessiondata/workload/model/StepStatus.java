package dev.sessiondata.workload.model;

/** The state of one workflow step. */
public enum StepStatus {
    PENDING, ACTIVE, DONE, FAILED, SKIPPED
}
