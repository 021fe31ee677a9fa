package dev.sessiondata.spring.e2e;

/** Spring Session's repository contract on a server that keeps its sessions in memory. */
class MemoryStoreSpringSessionContractIT extends SpringSessionContract {

    @Override
    String[] store() {
        return new String[] {"sessiondata.store.type=memory"};
    }
}
