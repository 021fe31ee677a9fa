package dev.sessiondata.serializer.fst;

import dev.sessiondata.serializer.SessionSerializers;

/** Whether FST can load here, judged by class names only so that discovery loads nothing of it. */
final class FstLibrary {

    private FstLibrary() {
    }

    /**
     * FST's jar, and the two libraries its {@code FSTConfiguration} links when it loads: without jackson-core or
     * Objenesis it fails with {@code NoClassDefFoundError}, even though FST uses neither for our two ids.
     */
    static boolean isOnClassPath() {
        return SessionSerializers.isOnClassPath("org.nustaq.serialization.FSTConfiguration")
                && SessionSerializers.isOnClassPath("com.fasterxml.jackson.core.JsonFactory")
                && SessionSerializers.isOnClassPath("org.objenesis.Objenesis");
    }
}
