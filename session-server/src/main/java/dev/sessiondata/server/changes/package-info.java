/**
 * The change feed's subscriptions, independent of the web framework that serves them: positions, fan-out of a
 * store's {@link dev.sessiondata.server.store.SessionChanges} to subscribers, heartbeats and the cut of a slow
 * subscriber. The route only turns a subscription's events into {@code text/event-stream}.
 */
@NullMarked
package dev.sessiondata.server.changes;

import org.jspecify.annotations.NullMarked;
