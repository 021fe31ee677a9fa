/**
 * The change feed's subscriptions, independent of the web framework that serves them: positions, fan-out of a
 * store's {@link dev.sessiondata.server.store.SessionChanges} to subscribers, heartbeats and the cut of a slow
 * subscriber, and each event's {@code text/event-stream} bytes, made once however many streams send them. The route
 * only streams a subscription's events.
 */
@NullMarked
package dev.sessiondata.server.changes;

import org.jspecify.annotations.NullMarked;
