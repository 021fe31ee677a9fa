package dev.sessiondata.server.web;

import dev.sessiondata.server.support.RunningServer;
import dev.sessiondata.server.support.SharedServers;

/** The HTTP contract on the memory store. */
class MemoryStoreOverHttpIT extends StoreOverHttpContract {

    @Override
    protected RunningServer server() {
        return SharedServers.memory();
    }
}
