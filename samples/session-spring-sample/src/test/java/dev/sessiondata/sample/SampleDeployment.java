package dev.sessiondata.sample;

import dev.sessiondata.testsupport.TestServer;

/** The service and two instances of the sample on it, started together and closed together. */
final class SampleDeployment implements AutoCloseable {

    private final TestServer server;
    private AppInstance a;
    private AppInstance b;

    private SampleDeployment(TestServer server) {
        this.server = server;
    }

    /** The service with {@code store} properties, then the two instances; what started is closed if one fails. */
    static SampleDeployment start(String... store) {
        SampleDeployment deployment = new SampleDeployment(TestServer.start(store));
        try {
            deployment.a = AppInstance.start(deployment.server.baseUri());
            deployment.b = AppInstance.start(deployment.server.baseUri());
            return deployment;
        } catch (RuntimeException e) {
            deployment.close();
            throw e;
        }
    }

    TestServer server() {
        return server;
    }

    AppInstance a() {
        return a;
    }

    AppInstance b() {
        return b;
    }

    @Override
    public void close() {
        try {
            if (a != null) {
                a.close();
            }
            if (b != null) {
                b.close();
            }
        } finally {
            server.close();
        }
    }
}
