package dev.sessiondata.bench.flex.model;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import org.jspecify.annotations.Nullable;

/**
 * Custom {@code writeObject}/{@code readObject}: the text is written reversed and {@code length} (transient, no
 * accessor) is recomputed on read. A library that honours the hooks reads the text back and the length set.
 */
public class CustomSerialized implements Serializable {

    private static final long serialVersionUID = 1L;

    private @Nullable String text;
    private transient int length = -1;

    public CustomSerialized() {
    }

    public CustomSerialized(String text) {
        this.text = text;
    }

    public @Nullable String getText() {
        return text;
    }

    public void setText(@Nullable String text) {
        this.text = text;
    }

    /** The length readObject computed; -1 when readObject did not run. */
    public int restoredLength() {
        return length;
    }

    private void writeObject(ObjectOutputStream out) throws IOException {
        out.writeUTF(new StringBuilder(text == null ? "" : text).reverse().toString());
    }

    private void readObject(ObjectInputStream in) throws IOException {
        text = new StringBuilder(in.readUTF()).reverse().toString();
        length = text.length();
    }
}
