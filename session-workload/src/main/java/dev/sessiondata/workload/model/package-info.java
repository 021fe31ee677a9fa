/**
 * The reference session model: a realistic session context (user part, workflow steps, attributes, event log,
 * opaque byte state, java.time fields) as plain JavaBeans that every serializer of the race can handle.
 */
@NullMarked
package dev.sessiondata.workload.model;

import org.jspecify.annotations.NullMarked;
