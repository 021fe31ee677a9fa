package dev.sessiondata.serializer.kit;

import java.io.Serializable;
import java.util.Objects;

/** A nested DTO in the session fixture. */
public class AddressFixture implements Serializable {

    private static final long serialVersionUID = 1L;

    private String street;
    private String city;
    private String postalCode;

    public AddressFixture() {
    }

    public AddressFixture(String street, String city, String postalCode) {
        this.street = street;
        this.city = city;
        this.postalCode = postalCode;
    }

    public String getStreet() {
        return street;
    }

    public void setStreet(String street) {
        this.street = street;
    }

    public String getCity() {
        return city;
    }

    public void setCity(String city) {
        this.city = city;
    }

    public String getPostalCode() {
        return postalCode;
    }

    public void setPostalCode(String postalCode) {
        this.postalCode = postalCode;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AddressFixture that && Objects.equals(street, that.street)
                && Objects.equals(city, that.city) && Objects.equals(postalCode, that.postalCode);
    }

    @Override
    public int hashCode() {
        return Objects.hash(street, city, postalCode);
    }

    @Override
    public String toString() {
        return "AddressFixture{" + street + ", " + city + ", " + postalCode + '}';
    }
}
