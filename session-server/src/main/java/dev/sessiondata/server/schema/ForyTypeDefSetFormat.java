package dev.sessiondata.server.schema;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.api.ForyTypeDefSet;

/**
 * The structure of a {@code fory-shared} schema record, a set of Fory type definitions ({@link ForyTypeDefSet}),
 * checked without Fory: the layout, each definition's header against its length, the count and size bounds, and the
 * uid as the digest of the bytes. What a definition names is checked by each reader's Fory against its allow-list.
 */
final class ForyTypeDefSetFormat {

    private ForyTypeDefSetFormat() {
    }

    /**
     * @throws InvalidDescriptorException saying what is wrong with the record
     */
    static void verify(ClassDescriptor record) {
        try {
            ForyTypeDefSet.typeDefsOf(record);
        } catch (IllegalArgumentException e) {
            throw new InvalidDescriptorException(e.getMessage());
        }
    }
}
