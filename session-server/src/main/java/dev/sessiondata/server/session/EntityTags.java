package dev.sessiondata.server.session;

import dev.sessiondata.server.http.ApiProblemException;
import dev.sessiondata.api.ProblemType;
import dev.sessiondata.server.store.Precondition;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Entity tags and the conditional headers that carry them. A session's entity tag is its version in quotes;
 * {@code If-Match} compares strongly (a weak tag never matches), {@code If-None-Match} weakly, as RFC 9110 says.
 */
public final class EntityTags {

    private EntityTags() {
    }

    /** The {@code ETag} value of a version. */
    public static String of(String version) {
        return '"' + version + '"';
    }

    /** The precondition of a write from its {@code If-Match} and {@code If-None-Match} headers. */
    public static Precondition writePrecondition(@Nullable String ifMatch, @Nullable String ifNoneMatch) {
        if (ifMatch != null && ifNoneMatch != null) {
            throw invalid("Send If-Match or If-None-Match, not both.");
        }
        if (ifNoneMatch != null) {
            if (!ifNoneMatch.strip().equals("*")) {
                throw invalid("A write takes only If-None-Match: * (create only).");
            }
            return Precondition.absent();
        }
        return ifMatch(ifMatch);
    }

    /** The precondition of an {@code If-Match} header: none, any version ({@code *}) or one strong tag. */
    public static Precondition ifMatch(@Nullable String ifMatch) {
        if (ifMatch == null) {
            return Precondition.none();
        }
        String value = ifMatch.strip();
        if (value.equals("*")) {
            return Precondition.present();
        }
        if (value.startsWith("W/")) {
            // a weak tag never matches strongly: the condition can only fail
            return Precondition.version("");
        }
        return Precondition.version(unquote("If-Match", value));
    }

    /** Whether an {@code If-None-Match} header names this version (or {@code *}). */
    public static boolean noneMatchFails(@Nullable String ifNoneMatch, String version) {
        return ifNoneMatch(ifNoneMatch).matches(version);
    }

    /**
     * The versions an {@code If-None-Match} header names, parsed (and refused with a {@code 400} problem when
     * malformed) before the store is read.
     */
    public static NoneMatch ifNoneMatch(@Nullable String ifNoneMatch) {
        if (ifNoneMatch == null) {
            return NoneMatch.NONE;
        }
        List<String> versions = new ArrayList<>(1);
        for (String tag : ifNoneMatch.split(",")) {
            String value = tag.strip();
            if (value.equals("*")) {
                return NoneMatch.ANY;
            }
            versions.add(unquote("If-None-Match", value.startsWith("W/") ? value.substring(2) : value));
        }
        return new NoneMatch(false, List.copyOf(versions));
    }

    /** The versions of an {@code If-None-Match}: a read of one of them is {@code 304}. */
    public record NoneMatch(boolean any, List<String> versions) {

        static final NoneMatch NONE = new NoneMatch(false, List.of());
        static final NoneMatch ANY = new NoneMatch(true, List.of());

        public boolean matches(String version) {
            return any || versions.contains(version);
        }
    }

    /** The value of one entity tag; {@code header} names the header it came in, for the problem's detail. */
    private static String unquote(String header, String tag) {
        if (tag.length() < 2 || tag.charAt(0) != '"' || tag.charAt(tag.length() - 1) != '"' || tag.indexOf(',') >= 0) {
            throw invalid(header + " takes entity tags in double quotes, as ETag gives them, or *; got " + tag);
        }
        return tag.substring(1, tag.length() - 1);
    }

    private static ApiProblemException invalid(String detail) {
        return new ApiProblemException(ProblemType.INVALID_REQUEST, detail);
    }
}
