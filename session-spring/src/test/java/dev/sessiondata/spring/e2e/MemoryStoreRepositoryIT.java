package dev.sessiondata.spring.e2e;

/** The repository's semantics on a server that keeps its sessions in memory. */
class MemoryStoreRepositoryIT extends RepositorySemantics {

    @Override
    String[] store() {
        return new String[] {"sessiondata.store.type=memory"};
    }
}
