package dev.sessiondata.bench.flex;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.api.DescriptorBatch;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.onenio.OneNioDescriptors;

/**
 * The One Nio descriptor exchange as the client does it through the server: the writer exports the descriptors of
 * the classes it writes, they travel as a {@link DescriptorBatch}, and the reader installs them before it reads.
 * Only loaded for the one-nio column that scores the exchange.
 */
final class OneNioExchange {

    private OneNioExchange() {
    }

    static byte[] export(SerializerSettings settings) {
        return DescriptorBatch.encode(OneNioDescriptors.export(settings.registeredClasses()));
    }

    static void install(byte[] batch, SerializerSettings settings) {
        for (ClassDescriptor descriptor : DescriptorBatch.decode(batch)) {
            OneNioDescriptors.install(descriptor, settings);
        }
    }
}
