package dev.sessiondata.serializer.onenio.evolution;

import java.io.Serializable;

/** A nested DTO, the same in the writer's and the reader's version. */
public class Address implements Serializable {

    private static final long serialVersionUID = 1L;

    private String street;
    private String city;

    public Address(String street, String city) {
        this.street = street;
        this.city = city;
    }

    public String street() {
        return street;
    }

    public String city() {
        return city;
    }
}
