package dev.sessiondata.server.support;

/**
 * Servers that several test classes share, started on first use and stopped with the test JVM (Spring's
 * shutdown hook): a server start costs seconds, and these tests only add sessions of their own ids.
 */
public final class SharedServers {

    /** The limits the shared memory server runs with; the ttl room for a session that keeps 8 hours across updates. */
    public static final int MAX_SIZE = 64 * 1024;
    public static final int MAX_TTL_SECONDS = 28_800;

    private SharedServers() {
    }

    private static final class Memory {
        static final RunningServer SERVER = RunningServer.start(
                "sessiondata.session.max-size=" + MAX_SIZE + "B",
                "sessiondata.session.max-ttl=" + MAX_TTL_SECONDS + "s",
                "sessiondata.descriptors.max-batch-size=" + MAX_SIZE + "B");
    }

    /** The memory-store server. */
    public static RunningServer memory() {
        return Memory.SERVER;
    }
}
