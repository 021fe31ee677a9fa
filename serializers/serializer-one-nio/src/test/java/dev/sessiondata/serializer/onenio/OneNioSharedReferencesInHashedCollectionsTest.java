package dev.sessiondata.serializer.onenio;

import dev.sessiondata.serializer.kit.SharedReferencesInHashedCollectionsKit;

/** Shared references inside hash-based collections, for every id of this module. */
class OneNioSharedReferencesInHashedCollectionsTest extends SharedReferencesInHashedCollectionsKit {
}
