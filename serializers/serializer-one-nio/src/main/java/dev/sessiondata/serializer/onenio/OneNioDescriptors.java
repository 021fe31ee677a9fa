package dev.sessiondata.serializer.onenio;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.SchemaInstallation;
import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import one.nio.serial.Repository;
import one.nio.serial.Serializer;

/**
 * The one-nio descriptor exchange: what lets a compact-mode reader read classes it never wrote, in the version the
 * writer had. A writer {@link #export exports} the descriptors of the classes it writes and of everything reachable
 * from them; a reader {@link #install installs} them before it reads (or when a read throws
 * {@link dev.sessiondata.serializer.MissingSchemaException}, then reads again).
 *
 * <p><b>JVM-global:</b> one-nio keeps serializers in its static {@code Repository}. An installed descriptor serves
 * every one-nio serializer in this JVM (and its class loader), whatever its settings; the allow-list of each
 * serializer is still checked for every class it reads. One-nio resolves classes in its own class loader, not in
 * {@link SerializerSettings#classLoader()}: keep one-nio and the session classes in the same loader.
 */
public final class OneNioDescriptors {

    private static final String ID = KnownSerializers.ONE_NIO;

    private OneNioDescriptors() {
    }

    /**
     * The descriptors of these classes and of every class reachable from their fields (nested DTOs, enums, arrays,
     * generic type arguments), plus those of the JDK value and collection classes session data commonly holds
     * (BigDecimal, java.time, {@code List.of}...), one per uid. Generates one-nio serializers for them as needed.
     *
     * @throws IllegalArgumentException if one-nio cannot write one of {@code classes}
     */
    public static List<ClassDescriptor> export(Collection<Class<?>> classes) {
        Objects.requireNonNull(classes, "classes");
        List<ClassDescriptor> descriptors = new ArrayList<>();
        for (Serializer<?> serializer : prepare(classes).values()) {
            try {
                descriptors.add(new ClassDescriptor(serializer.uid(), Serializer.serialize(serializer)));
            } catch (IOException e) {
                throw new IllegalStateException("one-nio cannot write its serializer of " + serializer.cls(), e);
            }
        }
        return List.copyOf(descriptors);
    }

    /**
     * Installs a peer's descriptor in this JVM's one-nio repository. Before one-nio reads it, the bytes are parsed
     * here: the uid must be the digest of the content, the class and its fields' declared types must pass
     * {@code settings.allowList()} (field types may also be JDK classes) and the class must be present, so a refused
     * or unknown class is never loaded, initialized or stubbed.
     *
     * @throws SerializationException if the bytes are not a one-nio class descriptor of uid {@code descriptor.uid()},
     *     or this JVM already installed 8,192 descriptors from outside, or 16 of this descriptor's class
     */
    public static SchemaInstallation install(ClassDescriptor descriptor, SerializerSettings settings) {
        Objects.requireNonNull(descriptor, "descriptor");
        Objects.requireNonNull(settings, "settings");
        byte[] bytes = descriptor.bytes();
        String uid = HexFormat.of().toHexDigits(descriptor.uid());
        try {
            DescriptorHeader header = DescriptorHeader.read(bytes, 0, bytes.length);
            if (header.length() != bytes.length) {
                throw new IllegalArgumentException((bytes.length - header.length()) + " bytes after the descriptor");
            }
            if (header.uid() != descriptor.uid()) {
                throw new IllegalArgumentException("the bytes are of uid " + HexFormat.of().toHexDigits(header.uid()));
            }
            return DescriptorInstaller.install(bytes, header, settings.allowList());
        } catch (IOException | ClassNotFoundException | RuntimeException e) {
            throw new SerializationException(ID, "cannot install class descriptor " + uid + ": " + e.getMessage(), e);
        }
    }

    /** Generates (or finds) one-nio's serializers for these classes and everything reachable, by uid. */
    static Map<Long, Serializer<?>> prepare(Collection<Class<?>> classes) {
        BigNumberSerializer.register();
        Map<Long, Serializer<?>> serializers = new LinkedHashMap<>();
        for (Class<?> cls : ReachableClasses.from(classes)) {
            Serializer<?> serializer = Repository.get(cls);
            // negative uids are one-nio's bootstrap serializers, and ours are this library's: every peer has them
            if (serializer.uid() >= 0 && BigNumberSerializer.of(cls) != serializer) {
                serializers.putIfAbsent(serializer.uid(), serializer);
            }
        }
        return serializers;
    }
}
