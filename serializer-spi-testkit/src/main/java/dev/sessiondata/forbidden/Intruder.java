package dev.sessiondata.forbidden;

import dev.sessiondata.serializer.kit.IntruderProbe;
import java.io.Serializable;

/**
 * A class outside every allow-list the kit uses. Its static initializer and constructors report to
 * {@link IntruderProbe}, so a test can prove a refused payload never initialized or instantiated it. The kit's own
 * JVM never creates one: payloads carrying it are written by a separate JVM.
 */
public class Intruder implements Serializable {

    private static final long serialVersionUID = 1L;

    static {
        IntruderProbe.staticInitializerRan();
    }

    private String command;

    public Intruder() {
        IntruderProbe.constructed();
    }

    public Intruder(String command) {
        this();
        this.command = command;
    }

    public String getCommand() {
        return command;
    }

    public void setCommand(String command) {
        this.command = command;
    }
}
