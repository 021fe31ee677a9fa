package dev.sessiondata.serializer.fory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.api.ForyTypeDefSet;
import dev.sessiondata.serializer.MissingSchemaException;
import dev.sessiondata.serializer.SchemaExchangingSerializer;
import dev.sessiondata.serializer.SchemaInstallation;
import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializers;
import dev.sessiondata.serializer.kit.KitFixtures;
import dev.sessiondata.serializer.kit.KitSettings;
import dev.sessiondata.serializer.kit.SessionContextFixture;
import dev.sessiondata.serializer.kit.TimeFieldsFixture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.fory.builder.Generated;
import org.apache.fory.serializer.Serializer;
import org.junit.jupiter.api.Test;

/** fory-shared payloads refer to a published set of type definitions, which a peer installs once. */
class ForySharedExchangeTest {

    private final SchemaExchangingSerializer writer = create(KitSettings.strict());
    private final SchemaExchangingSerializer reader = create(KitSettings.strict());

    private static SchemaExchangingSerializer create(SerializerSettings settings) {
        return (SchemaExchangingSerializer) SessionSerializers.create("fory-shared", settings);
    }

    @Test
    void aPublishedSetTakesTheDefinitionsOutOfThePayloadAndAPeerReadsOnceItInstalledIt() {
        SessionContextFixture value = KitFixtures.sessionContext();
        byte[] selfContained = writer.serialize(value);
        List<ClassDescriptor> schemas = writer.schemasOf(List.of(SessionContextFixture.class));
        writer.published(schemas);

        byte[] shared = writer.serialize(value);

        assertThat(schemas).hasSize(1);
        assertThat(shared.length).isLessThan(selfContained.length - 100);
        assertThat(writer.deserialize(shared, SessionContextFixture.class)).isEqualTo(value);
        assertThat(reader.deserialize(selfContained, SessionContextFixture.class)).isEqualTo(value);
        assertThatThrownBy(() -> reader.deserialize(shared, SessionContextFixture.class))
                .isInstanceOfSatisfying(MissingSchemaException.class,
                        missing -> assertThat(missing.uid()).isEqualTo(schemas.get(0).uid()));
        assertThat(reader.install(schemas.get(0))).isEqualTo(SchemaInstallation.INSTALLED);
        assertThat(reader.install(schemas.get(0))).isEqualTo(SchemaInstallation.ALREADY_KNOWN);
        assertThat(reader.deserialize(shared, SessionContextFixture.class)).isEqualTo(value);
    }

    /**
     * A writer that republishes a legitimate set with its definitions repeated, under a true uid each time, gives the
     * reader nothing it does not hold: those sets cost none of its budget, and a new release's set is still installed.
     */
    @Test
    void setsThatRepeatDefinitionsTheReaderHoldsLeaveItsBudgetToNewSets() {
        SessionContextFixture value = KitFixtures.sessionContext();
        ClassDescriptor legitimate = writer.schemasOf(List.of(SessionContextFixture.class)).get(0);
        writer.published(List.of(legitimate));
        byte[] shared = writer.serialize(value);
        List<byte[]> definitions = ForyTypeDefSet.typeDefsOf(legitimate);
        assertThat(reader.install(legitimate)).isEqualTo(SchemaInstallation.INSTALLED);
        for (int copies = 1; copies <= InstalledTypeDefs.MAX_SETS; copies++) {
            List<byte[]> repeated = new ArrayList<>(definitions);
            for (int copy = 0; copy < copies; copy++) {
                repeated.add(definitions.get(copy % definitions.size()));
            }
            assertThat(reader.install(ForyTypeDefSet.of(repeated))).as("copies %d", copies)
                    .isEqualTo(SchemaInstallation.INSTALLED);
        }
        SchemaExchangingSerializer newRelease = create(KitSettings.strict());
        ClassDescriptor newSet = newRelease.schemasOf(List.of(TimeFieldsFixture.class)).get(0);

        assertThat(reader.install(newSet)).isEqualTo(SchemaInstallation.INSTALLED);
        assertThat(reader.deserialize(shared, SessionContextFixture.class)).isEqualTo(value);
    }

    @Test
    void aSetIsUsedOnlyOncePublished() {
        SessionContextFixture value = KitFixtures.sessionContext();
        byte[] before = writer.serialize(value);
        writer.schemasOf(List.of(SessionContextFixture.class));

        assertThat(writer.serialize(value)).isEqualTo(before);
    }

    @Test
    void aClassMetOnlyAtRunTimeIsWrittenInlineUntilTheNextSetHoldsIt() {
        ClassDescriptor first = writer.schemasOf(List.of(SessionContextFixture.class)).get(0);
        writer.published(List.of(first));
        ArrayList<Object> polymorphic = new ArrayList<>(List.of(KitFixtures.timeFields(true, true, true)));
        byte[] inline = writer.serialize(polymorphic);

        List<ClassDescriptor> grown = writer.schemasOf(List.of());
        writer.published(grown);
        byte[] shared = writer.serialize(polymorphic);

        assertThat(grown.get(0).uid()).isNotEqualTo(first.uid());
        assertThat(shared.length).isLessThan(inline.length);
        reader.install(first);
        assertThat(reader.deserialize(inline, ArrayList.class)).isEqualTo(polymorphic);
        reader.install(grown.get(0));
        assertThat(reader.deserialize(shared, ArrayList.class)).isEqualTo(polymorphic);
    }

    /** The read that missed a set is retried on the thread that installed it, whose instance parsed it already. */
    @Test
    void installingASetParsesItOnTheInstanceThisThreadReadsWith() {
        ClassDescriptor set = writer.schemasOf(List.of(SessionContextFixture.class)).get(0);
        ForySharedSerializer peer = (ForySharedSerializer) reader;
        assertThat(peer.hasParsed(set.uid())).isFalse();

        assertThat(peer.install(set)).isEqualTo(SchemaInstallation.INSTALLED);

        assertThat(peer.hasParsed(set.uid())).isTrue();
    }

    @Test
    void aSetWhoseBytesAreNotThoseOfItsUidIsRefused() {
        ClassDescriptor set = writer.schemasOf(List.of(SessionContextFixture.class)).get(0);
        byte[] bytes = set.bytes();
        bytes[bytes.length - 1] ^= 1;

        assertThatThrownBy(() -> reader.install(new ClassDescriptor(set.uid(), bytes)))
                .isInstanceOf(SerializationException.class).hasMessageContaining("not a Fory type definition set");
        assertThatThrownBy(() -> ForyTypeDefSet.typeDefsOf(new ClassDescriptor(set.uid() ^ 1, set.bytes())))
                .hasMessageContaining("digest");
    }

    @Test
    void aSetOfClassesOutsideTheAllowListIsNotInstalled() {
        ClassDescriptor set = writer.schemasOf(List.of(SessionContextFixture.class)).get(0);
        SchemaExchangingSerializer narrow = create(SerializerSettings.builder().allowPackages("java.util").build());

        assertThat(narrow.install(set)).isEqualTo(SchemaInstallation.NOT_ALLOWED);
        assertThat(((ForySharedSerializer) narrow).hasParsed(set.uid())).isFalse();
    }

    /**
     * The warm-up generates the set's serializers on every JDK (its own thread is the one that waits), and instances
     * built before it ends, which on JDK 25 interpret, are replaced by instances that generate code.
     */
    @Test
    void publishingASetHasItsClassesSerializersGeneratedAndThreadsThenWriteWithGeneratedCode() {
        SessionContextFixture value = KitFixtures.sessionContext();
        ForySharedSerializer publisher = (ForySharedSerializer) writer;
        assertThat(publisher.generatesCode()).isEqualTo(!ForyBuilders.INTERPRETER_STORES_CHECKED);
        List<ClassDescriptor> schemas = publisher.schemasOf(List.of(SessionContextFixture.class));

        publisher.published(schemas);

        int setSize = ForyTypeDefSet.typeDefsOf(schemas.get(0)).size();
        assertThat(publisher.lastWarmUp()).succeedsWithin(Duration.ofMinutes(2)).satisfies(made -> {
            assertThat(made).hasSize(setSize);
            Serializer<?> root = made.stream().filter(serializer -> serializer.getType() == SessionContextFixture.class)
                    .findFirst().orElseThrow();
            assertThat(root).isInstanceOf(Generated.class);
        });
        assertThat(publisher.generatesCode()).isTrue();
        assertThat(publisher.deserialize(publisher.serialize(value), SessionContextFixture.class)).isEqualTo(value);
    }

    /**
     * A reader that publishes nothing: where its instances interpret (JDK 25), its first read starts the warm-up once
     * that read is done, and its instances generate code afterwards; elsewhere they generate code from the start and
     * no warm-up is needed.
     */
    @Test
    void aReaderThatPublishesNothingGeneratesCodeAfterItsFirstRead() {
        SessionContextFixture value = KitFixtures.sessionContext();
        List<ClassDescriptor> schemas = writer.schemasOf(List.of(SessionContextFixture.class));
        writer.published(schemas);
        byte[] shared = writer.serialize(value);
        ForySharedSerializer peer = (ForySharedSerializer) reader;
        assertThat(peer.install(schemas.get(0))).isEqualTo(SchemaInstallation.INSTALLED);
        assertThat(peer.generatesCode()).isEqualTo(!ForyBuilders.INTERPRETER_STORES_CHECKED);

        assertThat(peer.deserialize(shared, SessionContextFixture.class)).isEqualTo(value);

        assertThat(peer.lastWarmUp()).succeedsWithin(Duration.ofMinutes(2));
        assertThat(peer.generatesCode()).isTrue();
        assertThat(peer.deserialize(shared, SessionContextFixture.class)).isEqualTo(value);
    }
}
