package dev.sessiondata.serializer.kit;

/**
 * The read limits of {@code SerializerSettings} that a library can bound only where it offers a hook. The kit checks
 * each one for every id; an adapter whose library offers no hook for one declares it in
 * {@link SerializerCompatibilityKit#unboundedLimits(String)}, and the kit then checks that the limit really is not
 * applied, so the declaration cannot go stale. (Payload size, depth and hostile graphs hold for every id.)
 */
public enum ReadLimit {
    /** {@code maxArrayLength} on an array. */
    ARRAY_LENGTH,
    /** {@code maxArrayLength} on a string. */
    STRING_LENGTH,
    /** {@code maxCollectionElements}. */
    COLLECTION_ELEMENTS,
    /** {@code maxObjects}. */
    OBJECTS,
    /** {@code maxHashNesting}. */
    HASH_NESTING
}
