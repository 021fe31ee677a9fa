package dev.sessiondata.server.store.memory;

import dev.sessiondata.server.store.SchemaStore;
import dev.sessiondata.server.store.SchemaStoreCompatibilityKit;

class MemorySchemaStoreTest extends SchemaStoreCompatibilityKit {

    @Override
    protected SchemaStore createStore() {
        return new MemorySchemaStore();
    }
}
