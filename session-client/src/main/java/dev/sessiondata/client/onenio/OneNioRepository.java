package dev.sessiondata.client.onenio;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.onenio.MissingDescriptorException;
import dev.sessiondata.serializer.onenio.OneNioDescriptor;
import dev.sessiondata.serializer.onenio.OneNioDescriptors;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * The One Nio library's JVM-global descriptor repository, through the serializer SPI's
 * {@link OneNioDescriptors}: descriptors are installed only after their class and fields' declared types pass this
 * client's allow-list. Loaded only when the client enables {@code one-nio}, so that One Nio stays optional.
 */
public final class OneNioRepository implements DescriptorRepository {

    private final SerializerSettings settings;

    public OneNioRepository(SerializerSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    @Override
    public List<ClassDescriptor> export(Collection<Class<?>> classes) {
        return OneNioDescriptors.export(classes).stream()
                .map(descriptor -> new ClassDescriptor(descriptor.uid(), descriptor.bytes()))
                .toList();
    }

    @Override
    public Installation install(ClassDescriptor descriptor) {
        OneNioDescriptor oneNio = new OneNioDescriptor(descriptor.uid(), descriptor.bytes());
        return switch (OneNioDescriptors.install(oneNio, settings)) {
            case INSTALLED -> Installation.INSTALLED;
            case ALREADY_KNOWN -> Installation.ALREADY_KNOWN;
            case NOT_ALLOWED -> Installation.NOT_ALLOWED;
            case CLASS_NOT_FOUND -> Installation.CLASS_NOT_FOUND;
        };
    }

    @Override
    public OptionalLong missingUid(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof MissingDescriptorException missing) {
                return OptionalLong.of(missing.uid());
            }
        }
        return OptionalLong.empty();
    }
}
