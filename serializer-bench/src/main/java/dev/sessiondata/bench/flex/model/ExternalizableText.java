package dev.sessiondata.bench.flex.model;

import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import org.jspecify.annotations.Nullable;

/** {@link Externalizable}: a library that honours it calls readExternal, which marks the instance. */
public class ExternalizableText implements Externalizable {

    private static final long serialVersionUID = 1L;

    private @Nullable String text;
    private transient boolean readByHook;

    public ExternalizableText() {
    }

    public ExternalizableText(String text) {
        this.text = text;
    }

    public @Nullable String getText() {
        return text;
    }

    public void setText(@Nullable String text) {
        this.text = text;
    }

    /** Whether readExternal made this instance. */
    public boolean readByHook() {
        return readByHook;
    }

    @Override
    public void writeExternal(ObjectOutput out) throws IOException {
        out.writeUTF(text == null ? "" : text);
    }

    @Override
    public void readExternal(ObjectInput in) throws IOException {
        text = in.readUTF();
        readByHook = true;
    }
}
