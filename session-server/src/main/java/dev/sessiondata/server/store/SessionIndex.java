package dev.sessiondata.server.store;

import java.util.concurrent.CompletionStage;
import org.jspecify.annotations.Nullable;

/**
 * The sessions of an index value, which a store keeps with each write ({@link SessionWrite#indexes()}) in the same
 * atomic step, drops with the session's delete and never keeps beyond the session's expiry. A capability beside
 * {@link SessionStore}, as Spring Session keeps {@code FindByIndexNameSessionRepository} beside its repository.
 * Answers a stage and never blocks, as the store does.
 */
public interface SessionIndex {

    /**
     * The live sessions listed under {@code value} of index {@code name} whose ids sort after {@code after} (null:
     * from the first), at most {@code limit} of them.
     */
    CompletionStage<IndexPage> sessions(String name, String value, @Nullable String after, int limit);
}
