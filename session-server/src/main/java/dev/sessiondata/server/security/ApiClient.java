package dev.sessiondata.server.security;

import java.util.Objects;

/** An authenticated caller: its configured name and access. */
public record ApiClient(String name, Access access) {

    public ApiClient {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(access, "access");
    }
}
