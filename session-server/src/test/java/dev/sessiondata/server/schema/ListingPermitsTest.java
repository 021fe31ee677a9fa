package dev.sessiondata.server.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.server.http.ApiProblemException;
import org.junit.jupiter.api.Test;

/** Finding 5 of #33: listings built at once are bounded, and one beyond the bound is refused, not queued. */
class ListingPermitsTest {

    @Test
    void aListingBeyondTheBoundIsAnOverloadedStoreUnavailableUntilOneIsGivenBack() {
        ListingPermits permits = new ListingPermits(2);
        ListingPermits first = permits.acquire();
        permits.acquire();

        assertThatThrownBy(permits::acquire).isInstanceOfSatisfying(ApiProblemException.class, refused -> {
            assertThat(refused.type()).isEqualTo(ProblemType.STORE_UNAVAILABLE);
            assertThat(refused.properties()).containsEntry("overloaded", true);
        });

        first.release();
        assertThat(permits.acquire()).isSameAs(permits);
    }
}
