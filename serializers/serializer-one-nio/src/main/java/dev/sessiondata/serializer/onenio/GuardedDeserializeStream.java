package dev.sessiondata.serializer.onenio;

import dev.sessiondata.serializer.MissingSchemaException;
import dev.sessiondata.serializer.PrimitiveWidths;
import dev.sessiondata.serializer.ReadBudget;
import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SchemaInstallation;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import one.nio.serial.CollectionSerializer;
import one.nio.serial.DeserializeStream;
import one.nio.serial.MapSerializer;
import one.nio.serial.Repository;
import one.nio.serial.Serializer;
import one.nio.serial.SerializerNotFoundException;
import org.jspecify.annotations.Nullable;

/**
 * One-nio's reader with the checks one-nio lacks, applied where every object of the graph is read (generated
 * serializers, collections and arrays all read their elements through {@link #readObject()}):
 * <ul>
 *   <li>the class of every serializer a uid or tag selects must be on the allow-list, before it reads anything;</li>
 *   <li>an unknown uid is a {@link MissingSchemaException}, never a generated stub;</li>
 *   <li>an inline descriptor (persist mode only) is checked and registered by {@link DescriptorInstaller} before
 *       one-nio reads it, so a payload never makes one-nio load a refused class or generate a class per read;</li>
 *   <li>every object and back-reference, every element of a collection, map or object array and every hash-based
 *       collection inside another count against the read's {@link ReadBudget};</li>
 *   <li>nesting is bounded by {@code maxDepth}, and every array, collection, map and string length is checked
 *       against {@code maxArrayLength} and the bytes that remain before one-nio allocates for it.</li>
 * </ul>
 * Its refusals name no serializer: the serializer adds its id on the way up.
 */
final class GuardedDeserializeStream extends DeserializeStream {

    private final byte[] data;
    private final SerializerSettings settings;
    private final boolean inlineDescriptors;
    private final ReadBudget budget;
    /**
     * The serializer of the last object read, which passed the allow-list: runs of one class (the strings of a map
     * or list) then cost a comparison each instead of an allow-list lookup.
     */
    private @Nullable Serializer<?> lastAllowed;
    private int depth;

    /** {@code inlineDescriptors}: whether the data may carry descriptors inline (persist mode). */
    GuardedDeserializeStream(byte[] data, SerializerSettings settings, boolean inlineDescriptors, ReadBudget budget) {
        super(data);
        this.data = data;
        this.settings = settings;
        this.inlineDescriptors = inlineDescriptors;
        this.budget = budget;
    }

    @Override
    public Object readObject() throws IOException, ClassNotFoundException {
        Serializer<?> serializer;
        budget.countObject();
        byte tag = readByte();
        if (tag >= 0) {
            offset--;
            long uid = readLong();
            try {
                serializer = Repository.requestSerializer(uid);
            } catch (SerializerNotFoundException e) {
                throw new MissingSchemaException(uid);
            }
        } else if (tag <= FIRST_BOOT_UID) {
            serializer = Repository.requestBootstrapSerializer(tag);
            if (serializer == null) {
                throw new IOException("unknown bootstrap tag " + tag);
            }
        } else {
            switch (tag) {
                case REF_NULL:
                    return null;
                case REF_RECURSIVE:
                    return shared(context[readUnsignedShort() + 1]);
                case REF_RECURSIVE2:
                    return shared(context[readInt() + 1]);
                case REF_EMBEDDED:
                    serializer = readEmbeddedSerializer();
                    break;
                default:
                    return readRef(tag);
            }
        }
        if (serializer != lastAllowed) {
            settings.allowList().check(serializer.cls());
            lastAllowed = serializer;
        }
        checkLength(serializer);
        if (++contextSize >= context.length) {
            context = Arrays.copyOf(context, context.length * 2);
        }
        if (++depth > settings.maxDepth()) {
            throw new SerializationException("nesting deeper than maxDepth " + settings.maxDepth());
        }
        boolean hashed = (serializer instanceof CollectionSerializer || serializer instanceof MapSerializer)
                && ReadBudget.isHashed(serializer.cls());
        if (hashed) {
            budget.enterHashed();
        }
        try {
            return serializer.read(this);
        } finally {
            depth--;
            if (hashed) {
                budget.exitHashed();
            }
        }
    }

    /** A back-reference: inside a hash-based collection, charged what hashing it walks. */
    private Object shared(Object target) {
        budget.countSharedReference(target);
        return target;
    }

    /** A descriptor written inline by persist mode: checked and registered by uid before one-nio reads it. */
    private Serializer<?> readEmbeddedSerializer() throws IOException, ClassNotFoundException {
        if (!inlineDescriptors) {
            throw new SerializationException("an inline class descriptor in compact-mode data");
        }
        int position = (int) (offset - address);
        if (position < data.length && data[position] <= FIRST_BOOT_UID) {
            DescriptorHeader header;
            try {
                header = DescriptorHeader.read(data, position, data.length);
            } catch (IllegalArgumentException e) {
                throw new SerializationException("malformed inline class descriptor: " + e.getMessage(), e);
            }
            SchemaInstallation installation;
            try {
                installation = DescriptorInstaller.install(data, header, settings.allowList());
            } catch (IllegalArgumentException e) {
                throw new SerializationException(e.getMessage(), e);
            }
            if (installation == SchemaInstallation.NOT_ALLOWED) {
                throw settings.allowList().refusal(
                        DescriptorInstaller.firstRefused(header, settings.allowList()));
            }
            if (installation == SchemaInstallation.CLASS_NOT_FOUND) {
                throw new SerializationException("class " + header.className() + " is not present");
            }
            // The uid is registered now: one-nio's own reader only skips the descriptor and returns that serializer.
            offset++;
            if (++contextSize >= context.length) {
                context = Arrays.copyOf(context, context.length * 2);
            }
            return (Serializer<?>) Repository.requestBootstrapSerializer(data[position]).read(this);
        }
        byte tag = readByte();
        if (tag == REF_RECURSIVE) {
            return (Serializer<?>) context[readUnsignedShort() + 1];
        }
        if (tag == REF_RECURSIVE2) {
            return (Serializer<?>) context[readInt() + 1];
        }
        throw new IOException("an inline class descriptor cannot start with tag " + tag);
    }

    /** Refuses a length prefix one-nio would allocate for before it finds the input too short. */
    private void checkLength(Serializer<?> serializer) throws IOException {
        Class<?> cls = serializer.cls();
        int bytesPerElement;
        boolean elements = true;
        if (cls.isArray()) {
            bytesPerElement = PrimitiveWidths.bytes(cls.getComponentType());
            elements = !cls.getComponentType().isPrimitive();
        } else if (serializer instanceof CollectionSerializer || cls == ArrayList.class && serializer.uid() < 0) {
            bytesPerElement = 1;
        } else if (serializer instanceof MapSerializer) {
            bytesPerElement = 2;
        } else if (cls == String.class) {
            checkStringLength();
            return;
        } else {
            return;
        }
        int position = (int) (offset - address);
        if (data.length - position < Integer.BYTES) {
            throw new IOException("no length where " + cls.getName() + " begins");
        }
        int length = (data[position] & 0xff) << 24 | (data[position + 1] & 0xff) << 16
                | (data[position + 2] & 0xff) << 8 | (data[position + 3] & 0xff);
        long remaining = data.length - position - Integer.BYTES;
        if (length < 0 || length > settings.maxArrayLength() || (long) length * bytesPerElement > remaining) {
            throw new SerializationException(cls.getName() + " claims " + length + " elements with "
                    + remaining + " bytes left (maxArrayLength " + settings.maxArrayLength() + ")");
        }
        if (elements) {
            budget.countElements(length);
        }
    }

    private void checkStringLength() {
        int position = (int) (offset - address);
        if (data.length - position < 2) {
            return;
        }
        int length = (data[position] & 0xff) << 8 | (data[position + 1] & 0xff);
        if (length > 0x7fff && data.length - position >= 4) {
            length = (length & 0x7fff) << 16 | (data[position + 2] & 0xff) << 8 | (data[position + 3] & 0xff);
        }
        if (length > settings.maxArrayLength()) {
            throw new SerializationException("a string of " + length + " bytes exceeds maxArrayLength "
                    + settings.maxArrayLength());
        }
    }
}
