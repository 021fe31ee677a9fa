package dev.sessiondata.sample;

/** Two instances of the sample on a service that keeps its sessions in memory. */
class TwoInstancesIT extends TwoInstances {

    @Override
    String[] store() {
        return new String[] {"sessiondata.store.type=memory"};
    }
}
