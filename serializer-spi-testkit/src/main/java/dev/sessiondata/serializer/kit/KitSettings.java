package dev.sessiondata.serializer.kit;

import dev.sessiondata.serializer.SerializerSettings;

/** The settings the kit reads and writes with, in its own JVM and in the separate one. */
public final class KitSettings {

    private KitSettings() {
    }

    /** Allows and registers the kit's fixtures, and allows nothing of {@code dev.sessiondata.forbidden}. */
    public static SerializerSettings strict() {
        return SerializerSettings.builder()
                .allowPackages("dev.sessiondata.serializer.kit")
                .registerClasses(SessionContextFixture.class, LegacyBenchmarkObject.class, EmptyFixture.class,
                        SharedReferenceFixture.class, TimeFieldsFixture.class)
                .build();
    }

    /** Also allows {@code dev.sessiondata.forbidden}: only to write the payloads a strict reader must refuse. */
    public static SerializerSettings permissive() {
        return strict().toBuilder().allowPackages("dev.sessiondata.forbidden").build();
    }
}
