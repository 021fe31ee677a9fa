package dev.sessiondata.sample;

/** Session events of two instances of the sample on a service that keeps its sessions in memory. */
class SessionEventsIT extends SessionEvents {

    @Override
    String[] store() {
        return new String[] {"sessiondata.store.type=memory"};
    }
}
