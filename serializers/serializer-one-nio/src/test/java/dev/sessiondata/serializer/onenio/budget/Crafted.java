package dev.sessiondata.serializer.onenio.budget;

import java.io.Serializable;

/** A class whose crafted versions use up its per-class budget. */
public class Crafted implements Serializable {

    private static final long serialVersionUID = 1L;

    public String label = "";
}
