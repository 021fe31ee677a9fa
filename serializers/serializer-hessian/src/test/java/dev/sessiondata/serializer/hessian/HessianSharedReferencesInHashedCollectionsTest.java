package dev.sessiondata.serializer.hessian;

import dev.sessiondata.serializer.kit.SharedReferencesInHashedCollectionsKit;

/** Shared references inside hash-based collections, for every id of this module. */
class HessianSharedReferencesInHashedCollectionsTest extends SharedReferencesInHashedCollectionsKit {
}
