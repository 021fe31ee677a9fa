package dev.sessiondata.serializer.onenio.budget;

import java.io.Serializable;

/** Another allowed class, which must still install when {@link Crafted}'s budget is used up. */
public class Bystander implements Serializable {

    private static final long serialVersionUID = 1L;

    public String label = "";
}
