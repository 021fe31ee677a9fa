package dev.sessiondata.serializer.kit;

import java.util.concurrent.atomic.AtomicInteger;

/** Records whether {@link dev.sessiondata.forbidden.Intruder} was ever initialized or constructed in this JVM. */
public final class IntruderProbe {

    private static final AtomicInteger STATIC_INITIALIZATIONS = new AtomicInteger();
    private static final AtomicInteger CONSTRUCTIONS = new AtomicInteger();

    private IntruderProbe() {
    }

    public static void staticInitializerRan() {
        STATIC_INITIALIZATIONS.incrementAndGet();
    }

    public static void constructed() {
        CONSTRUCTIONS.incrementAndGet();
    }

    public static int staticInitializations() {
        return STATIC_INITIALIZATIONS.get();
    }

    public static int constructions() {
        return CONSTRUCTIONS.get();
    }
}
