package dev.sessiondata.server.session;

import dev.sessiondata.server.http.ApiProblemException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.server.store.Precondition;
import org.junit.jupiter.api.Test;

class EntityTagsTest {

    @Test
    void ifMatchWithOneTagRequiresThatVersion() {
        assertThat(EntityTags.writePrecondition("\"0123456789abcdef\"", null))
                .isEqualTo(Precondition.version("0123456789abcdef"));
    }

    @Test
    void ifMatchStarRequiresAnySessionAndIfNoneMatchStarRequiresNone() {
        assertThat(EntityTags.writePrecondition("*", null)).isEqualTo(Precondition.present());
        assertThat(EntityTags.writePrecondition(null, "*")).isEqualTo(Precondition.absent());
        assertThat(EntityTags.writePrecondition(null, null)).isEqualTo(Precondition.none());
    }

    @Test
    void aWeakTagNeverMatchesAWrite() {
        assertThat(EntityTags.ifMatch("W/\"0123456789abcdef\"").isMetBy("0123456789abcdef")).isFalse();
    }

    @Test
    void malformedConditionsAreRefused() {
        assertThatThrownBy(() -> EntityTags.writePrecondition("0123", null)).isInstanceOf(ApiProblemException.class);
        assertThatThrownBy(() -> EntityTags.writePrecondition("\"a\", \"b\"", null)).isInstanceOf(ApiProblemException.class);
        assertThatThrownBy(() -> EntityTags.writePrecondition("\"a\"", "*")).isInstanceOf(ApiProblemException.class);
        assertThatThrownBy(() -> EntityTags.writePrecondition(null, "\"a\"")).isInstanceOf(ApiProblemException.class);
    }

    @Test
    void ifNoneMatchOfAReadMatchesTheVersionWeaklyOrStar() {
        assertThat(EntityTags.noneMatchFails("\"v1\", W/\"v2\"", "v2")).isTrue();
        assertThat(EntityTags.noneMatchFails("*", "v9")).isTrue();
        assertThat(EntityTags.noneMatchFails("\"v1\"", "v2")).isFalse();
        assertThat(EntityTags.noneMatchFails(null, "v2")).isFalse();
    }
}
