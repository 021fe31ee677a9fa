package dev.sessiondata.server.index;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.http.ApiProblemException;
import dev.sessiondata.server.store.IndexPage;
import dev.sessiondata.server.store.IndexedSession;
import dev.sessiondata.server.store.SessionIndex;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import org.jspecify.annotations.Nullable;

/**
 * The sessions of one index value, as a lookup asks for them: the index name, the value, the cursor and the page
 * size checked, the page read from the {@link SessionIndex}, and the answer's JSON members made. Whoever carries
 * the request ({@link IndexRoutes}) only hands the parts over and writes the answer.
 */
public final class IndexLookup {

    private final SessionIndex index;
    private final IndexHeaders indexes;
    private final int maxPage;

    public IndexLookup(SessionIndex index, IndexHeaders indexes, IndexProperties properties) {
        this.index = index;
        this.indexes = indexes;
        this.maxPage = properties.maxSessionsPerValue();
    }

    /**
     * The page of {@code value} of index {@code name} after the cursor {@code after} (null: the first), of at most
     * {@code limit} sessions (null: the bound of one value), as the members {@code index}, {@code value},
     * {@code sessions} (each {@code id} and {@code version}) and, unless this page is the last, {@code next}.
     */
    public CompletionStage<Map<String, Object>> page(String name, @Nullable String value, @Nullable String after,
            @Nullable String limit) {
        indexes.requireName(name);
        if (value == null) {
            throw new ApiProblemException(ProblemType.INVALID_INDEX,
                    "name the index value in the query parameter '" + SessionApi.INDEX_VALUE_PARAMETER + "'");
        }
        indexes.requireValue(value);
        if (after != null && !SessionApi.SESSION_ID.matcher(after).matches()) {
            throw new ApiProblemException(ProblemType.INVALID_REQUEST,
                    "'" + SessionApi.INDEX_AFTER_PARAMETER + "' is the 'next' of a previous page, a session id");
        }
        int size = pageSize(limit);
        return index.sessions(name, value, after, size).thenApply(page -> body(name, value, page));
    }

    private int pageSize(@Nullable String limit) {
        if (limit == null) {
            return maxPage;
        }
        if (limit.matches("[0-9]{1,5}")) {
            int size = Integer.parseInt(limit);
            if (size >= 1 && size <= maxPage) {
                return size;
            }
        }
        throw new ApiProblemException(ProblemType.INVALID_REQUEST,
                "'" + SessionApi.INDEX_LIMIT_PARAMETER + "' is a whole number from 1 to " + maxPage + "; got '" + limit + "'");
    }

    private static Map<String, Object> body(String name, String value, IndexPage page) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("index", name);
        body.put("value", value);
        List<Map<String, String>> sessions = page.sessions().stream()
                .map(IndexLookup::member).toList();
        body.put("sessions", sessions);
        if (page.next() != null) {
            body.put("next", page.next());
        }
        return body;
    }

    private static Map<String, String> member(IndexedSession session) {
        return Map.of("id", session.id(), "version", session.version());
    }
}
