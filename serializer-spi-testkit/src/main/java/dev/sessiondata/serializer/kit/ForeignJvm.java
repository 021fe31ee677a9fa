package dev.sessiondata.serializer.kit;

import dev.sessiondata.forbidden.Intruder;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The kit's second JVM: reads what the first one wrote and writes back, so that bytes are proven to cross JVMs
 * (no registration that depends on call order, no identity hash in the format). It also writes the payloads carrying
 * {@link Intruder} that the first JVM must refuse, so that the first JVM never has to create an Intruder itself.
 *
 * <p>Arguments: serializer id, work directory. Reads {@code parent.bin}; writes {@code echo.bin} (what it read,
 * written again), {@code child.bin} (the session fixture), {@code intruder.bin} and {@code intruder-nested.bin}.
 */
public final class ForeignJvm {

    private ForeignJvm() {
    }

    public static void main(String[] args) throws Exception {
        String id = args[0];
        Path dir = Path.of(args[1]);
        SessionSerializer strict = SessionSerializers.create(id, KitSettings.strict());
        SessionContextFixture fromParent =
                strict.deserialize(Files.readAllBytes(dir.resolve("parent.bin")), SessionContextFixture.class);
        Files.write(dir.resolve("echo.bin"), strict.serialize(fromParent));
        Files.write(dir.resolve("child.bin"), strict.serialize(KitFixtures.sessionContext()));

        SessionSerializer permissive = SessionSerializers.create(id, KitSettings.permissive());
        Files.write(dir.resolve("intruder.bin"), permissive.serialize(new Intruder("rm -rf /")));
        SessionContextFixture carrier = KitFixtures.sessionContext();
        carrier.setExtra(new Intruder("rm -rf /"));
        Files.write(dir.resolve("intruder-nested.bin"), permissive.serialize(carrier));
    }
}
