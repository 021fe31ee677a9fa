package dev.sessiondata.serializer.kit;

import java.io.Serializable;
import java.util.Objects;

/** A graph in which two fields refer to one object. */
public class SharedReferenceFixture implements Serializable {

    private static final long serialVersionUID = 1L;

    private AddressFixture home;
    private AddressFixture billing;

    public SharedReferenceFixture() {
    }

    public SharedReferenceFixture(AddressFixture home, AddressFixture billing) {
        this.home = home;
        this.billing = billing;
    }

    public AddressFixture getHome() {
        return home;
    }

    public void setHome(AddressFixture home) {
        this.home = home;
    }

    public AddressFixture getBilling() {
        return billing;
    }

    public void setBilling(AddressFixture billing) {
        this.billing = billing;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SharedReferenceFixture that && Objects.equals(home, that.home)
                && Objects.equals(billing, that.billing);
    }

    @Override
    public int hashCode() {
        return Objects.hash(home, billing);
    }

    @Override
    public String toString() {
        return "SharedReferenceFixture{home=" + home + ", billing=" + billing + '}';
    }
}
