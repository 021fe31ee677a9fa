package dev.sessiondata.serializer.fst;

import dev.sessiondata.serializer.kit.SharedReferencesInHashedCollectionsKit;

/** Shared references inside hash-based collections, for every id of this module. */
class FstSharedReferencesInHashedCollectionsTest extends SharedReferencesInHashedCollectionsKit {
}
