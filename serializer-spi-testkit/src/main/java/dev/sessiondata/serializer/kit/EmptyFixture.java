package dev.sessiondata.serializer.kit;

import java.io.Serializable;

/** An object without fields. */
public class EmptyFixture implements Serializable {

    private static final long serialVersionUID = 1L;

    @Override
    public boolean equals(Object o) {
        return o != null && o.getClass() == EmptyFixture.class;
    }

    @Override
    public int hashCode() {
        return 1;
    }

    @Override
    public String toString() {
        return "EmptyFixture";
    }
}
