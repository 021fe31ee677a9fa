package dev.sessiondata.serializer.kryo;

import dev.sessiondata.serializer.kit.SharedReferencesInHashedCollectionsKit;

/** Shared references inside hash-based collections, for every id of this module. */
class KryoSharedReferencesInHashedCollectionsTest extends SharedReferencesInHashedCollectionsKit {
}
