package dev.sessiondata.serializer;

import dev.sessiondata.api.ClassDescriptor;
import java.util.Collection;
import java.util.List;
import java.util.OptionalLong;

/**
 * A serializer whose readers need the writer's class metadata: its payloads name a class by a 64-bit uid and carry
 * none of its description, so a reader must first install the schema the writer published. One Nio's compact mode
 * is one (its class descriptors); {@code fory-shared} another (sets of Fory type definitions). A caller drives
 * the exchange through this capability alone, without naming a format: it {@linkplain #schemasOf publishes} the schemas of the
 * classes it writes, {@linkplain #install installs} what peers published, and on a read that
 * {@linkplain #missingSchema misses} one fetches it and reads again.
 *
 * <p>A schema is a {@link ClassDescriptor}: its uid and its bytes, opaque to everyone but the serializer.
 */
public interface SchemaExchangingSerializer extends SessionSerializer {

    /**
     * What to publish before the first write of these classes: their schemas and those of every class reachable
     * from their fields (a top-level schema alone does not let a peer read an object), one per uid.
     *
     * @throws IllegalArgumentException if this serializer cannot write one of {@code classes}
     */
    List<ClassDescriptor> schemasOf(Collection<Class<?>> classes);

    /**
     * Installs a schema a peer published, after checking what it names against this serializer's allow-list, so
     * that a refused class is never loaded.
     *
     * @throws SerializationException if the bytes are not a schema of that uid
     */
    SchemaInstallation install(ClassDescriptor schema);

    /**
     * Tells the serializer that schemas {@link #schemasOf} returned are now stored where readers fetch them. A format
     * that refers to a schema in its payloads only once it is published (Fory's shared type definitions) starts doing
     * so here; until then it writes payloads that need no published schema. One Nio's uids need no such step.
     */
    default void published(List<ClassDescriptor> schemas) {
    }

    /**
     * The uid of the schema a failed read of this serializer lacked, if that is why it failed: a
     * {@link MissingSchemaException} somewhere in {@code failure}'s causes.
     */
    default OptionalLong missingSchema(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof MissingSchemaException missing) {
                return OptionalLong.of(missing.uid());
            }
        }
        return OptionalLong.empty();
    }
}
