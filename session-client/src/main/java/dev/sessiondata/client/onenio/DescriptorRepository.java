package dev.sessiondata.client.onenio;

import dev.sessiondata.api.ClassDescriptor;
import java.util.Collection;
import java.util.List;
import java.util.OptionalLong;

/**
 * One Nio's class-descriptor repository as the exchange needs it: the seam between the client's protocol and the
 * One Nio library, so that the protocol can be tested without it.
 */
public interface DescriptorRepository {

    /**
     * The descriptors of these classes and of every class reachable from their fields (nested DTOs, enums,
     * {@code BigDecimal}, {@code java.time}): a top-level descriptor alone does not let a peer read an object.
     */
    List<ClassDescriptor> export(Collection<Class<?>> classes);

    /**
     * Installs a descriptor another application uploaded, after checking its class (and its fields' declared
     * types) against the allow-list by name, so that a refused class is never loaded.
     *
     * @throws dev.sessiondata.serializer.SerializationException if the bytes are not a descriptor of that uid
     */
    Installation install(ClassDescriptor descriptor);

    /** The class uid a read failed on for want of its descriptor, if that is why {@code failure} happened. */
    OptionalLong missingUid(Throwable failure);

    /** What {@link #install} did with a descriptor. */
    enum Installation {
        /** Registered now: data of this uid reads from here on. */
        INSTALLED,
        /** This application knew the uid already. */
        ALREADY_KNOWN,
        /** The class or a field's declared type is outside the allow-list: nothing was loaded. */
        NOT_ALLOWED,
        /** The class is not on this application's class path (another application's class). */
        CLASS_NOT_FOUND
    }
}
