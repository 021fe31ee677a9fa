/**
 * Scenarios that span JVMs: separately compiled application versions, each started in its own JVM against a
 * service, as the bank ran them.
 */
@NullMarked
package dev.sessiondata.client.scenario;

import org.jspecify.annotations.NullMarked;
