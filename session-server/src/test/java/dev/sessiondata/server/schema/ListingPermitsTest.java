package dev.sessiondata.server.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.server.http.ApiProblemException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Finding 5 of #33: listings built at once are bounded; one beyond the bound is refused, at once or after its wait. */
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

    @Test
    void aWaitingListingTakesThePermitGivenBackAndOneThatWaitsTooLongIsRefused() throws Exception {
        ListingPermits permits = new ListingPermits(1);
        ListingPermits held = permits.acquire();

        assertThatThrownBy(() -> permits.acquire(Duration.ofMillis(50)).block(Duration.ofSeconds(5)))
                .isInstanceOfSatisfying(ApiProblemException.class,
                        refused -> assertThat(refused.properties()).containsEntry("overloaded", true));
        CompletableFuture<ListingPermits> waiting = permits.acquire(Duration.ofSeconds(5)).toFuture();
        assertThat(waiting).isNotDone();
        held.release();

        assertThat(waiting.get(5, TimeUnit.SECONDS)).isSameAs(permits);
    }
}
