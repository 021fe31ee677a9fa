package dev.sessiondata.sample;

/** Concurrent-session control and sign-out everywhere on a service that keeps its sessions in memory. */
class SignInEverywhereIT extends SignInEverywhere {

    @Override
    String[] store() {
        return new String[] {"sessiondata.store.type=memory"};
    }
}
