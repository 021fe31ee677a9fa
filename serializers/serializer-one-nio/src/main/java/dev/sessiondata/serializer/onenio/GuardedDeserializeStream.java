package dev.sessiondata.serializer.onenio;

import dev.sessiondata.serializer.MissingSchemaException;
import dev.sessiondata.serializer.ReadBudget;
import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SchemaInstallation;
import java.io.IOException;
import java.util.Arrays;
import one.nio.serial.DeserializeStream;
import one.nio.serial.Repository;
import one.nio.serial.Serializer;
import one.nio.serial.SerializerNotFoundException;

/**
 * One-nio's reader with the checks one-nio lacks, applied where every object of the graph is read (generated
 * serializers, collections and arrays all read their elements through {@link #readObject()}):
 * <ul>
 *   <li>the class of every serializer a uid or tag selects must be on the allow-list, before it reads anything
 *       (asked once per installed serializer: {@link ReadGuards});</li>
 *   <li>an unknown uid is a {@link MissingSchemaException}, never a generated stub;</li>
 *   <li>an inline descriptor (persist mode only) is checked and registered by {@link DescriptorInstaller} before
 *       one-nio reads it, so a payload never makes one-nio load a refused class or generate a class per read;</li>
 *   <li>every object and back-reference, every element of a collection, map or object array and every hash-based
 *       collection inside another count against the read's {@link ReadBudget};</li>
 *   <li>nesting (of values that hold other objects) is bounded by {@code maxDepth}, and every array, collection,
 *       map and string length is checked against {@code maxArrayLength} and the bytes that remain before one-nio
 *       allocates for it.</li>
 * </ul>
 * Its refusals name no serializer: the serializer adds its id on the way up.
 */
final class GuardedDeserializeStream extends DeserializeStream {

    private final byte[] data;
    private final SerializerSettings settings;
    private final ReadGuards guards;
    private final boolean inlineDescriptors;
    private final ReadBudget budget;
    private final int maxDepth;
    private final int maxArrayLength;
    /**
     * Whether string lengths need our check: one-nio refuses a string longer than the bytes left before it allocates
     * for it, so only a {@code maxArrayLength} below the payload's size can refuse more.
     */
    private final boolean checksStrings;
    /** The {@link ReadGuard#route}s read without a check: plain leaves, and strings unless {@link #checksStrings}. */
    private final int uncheckedRoutes;
    private int depth;

    /**
     * {@code guards}: those of the reading serializer, kept across reads; {@code inlineDescriptors}: whether the data
     * may carry descriptors inline (persist mode).
     */
    GuardedDeserializeStream(byte[] data, SerializerSettings settings, ReadGuards guards, boolean inlineDescriptors,
            ReadBudget budget) {
        super(data);
        this.data = data;
        this.settings = settings;
        this.guards = guards;
        this.inlineDescriptors = inlineDescriptors;
        this.budget = budget;
        this.maxDepth = settings.maxDepth();
        this.maxArrayLength = settings.maxArrayLength();
        this.checksStrings = maxArrayLength < data.length;
        this.uncheckedRoutes = checksStrings ? ReadGuard.STRING_LEAF : ReadGuard.CHECKED;
    }

    /**
     * Every object of the graph passes here, from generated serializers that call it for each field: it is kept
     * under HotSpot's inlining limit for hot methods (325 bytes of bytecode), as one-nio's own is, with the rare
     * cases (back-references, inline descriptors) in methods of their own. Its first version did all in one method
     * of 368 bytes, which the JIT never inlined ("hot method too big"): one-nio's read was then a third slower
     * through us than alone. Its compiled code with what it inlines is still above HotSpot's InlineSmallCode, so
     * generated serializers call it rather than inline it ("already compiled into a big method"), where they inline
     * one-nio's own.
     */
    @Override
    public Object readObject() throws IOException, ClassNotFoundException {
        budget.countObject();
        byte tag = readByte();
        ReadGuard guard;
        if (tag >= 0) {
            offset--;
            guard = byUid(readLong());
        } else if (tag <= FIRST_BOOT_UID) {
            guard = byTag(tag);
        } else if (tag == REF_NULL) {
            return null;
        } else {
            return readTagged(tag);
        }
        return read(guard);
    }

    /**
     * Reads a value with a guarded serializer. A value that holds no other object (most of a session: strings,
     * boxed primitives, dates and times) has nothing to check here but, for a string, its length where
     * {@code maxArrayLength} is below the payload's size, and does not count towards the nesting depth: it cannot
     * recurse. Checking its length and counting its depth like any other object's made one-nio's read of a small
     * session measurably slower through us than alone (the SPI-overhead benchmark). Nothing is undone when
     * reading throws: the stream, its depth and the budget belong to this read, which then fails as a whole.
     */
    private Object read(ReadGuard guard) throws IOException, ClassNotFoundException {
        if (++contextSize >= context.length) {
            context = Arrays.copyOf(context, context.length * 2);
        }
        if (guard.route < uncheckedRoutes) {
            return guard.serializer.read(this);
        }
        return readChecked(guard);
    }

    private Object readChecked(ReadGuard guard) throws IOException, ClassNotFoundException {
        if (guard.length != ReadGuard.Length.NONE) {
            checkLength(guard);
        }
        if (++depth > maxDepth) {
            throw new SerializationException("nesting deeper than maxDepth " + maxDepth);
        }
        if (guard.hashed) {
            return readHashed(guard.serializer);
        }
        Object value = guard.serializer.read(this);
        depth--;
        return value;
    }

    private Object readHashed(Serializer<?> serializer) throws IOException, ClassNotFoundException {
        budget.enterHashed();
        Object value = serializer.read(this);
        budget.exitHashed();
        depth--;
        return value;
    }

    private ReadGuard byUid(long uid) {
        ReadGuard guard = guards.ofUid(uid);
        return guard != null ? guard : guards.of(serializerOf(uid));
    }

    private static Serializer<?> serializerOf(long uid) {
        try {
            return Repository.requestSerializer(uid);
        } catch (SerializerNotFoundException e) {
            throw new MissingSchemaException(uid);
        }
    }

    private ReadGuard byTag(byte tag) throws IOException {
        ReadGuard guard = guards.ofBootstrap(tag);
        return guard != null ? guard : guards.addBootstrap(tag, bootstrap(tag));
    }

    private static Serializer<?> bootstrap(byte tag) throws IOException {
        Serializer<?> serializer = Repository.requestBootstrapSerializer(tag);
        if (serializer == null) {
            throw new IOException("unknown bootstrap tag " + tag);
        }
        return serializer;
    }

    /** A back-reference, an inline descriptor, or one of one-nio's other tags. */
    private Object readTagged(byte tag) throws IOException, ClassNotFoundException {
        switch (tag) {
            case REF_RECURSIVE:
                return shared(context[readUnsignedShort() + 1]);
            case REF_RECURSIVE2:
                return shared(context[readInt() + 1]);
            case REF_EMBEDDED:
                return read(guards.of(readEmbeddedSerializer()));
            default:
                return readRef(tag);
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

    /**
     * Refuses a length prefix one-nio would allocate for before it finds the input too short. Kept small (the prefix
     * read with one-nio's own {@code readInt}, the message in a method of its own), since it is inlined into
     * {@link #readObject()}.
     */
    private void checkLength(ReadGuard guard) throws IOException {
        if (guard.length == ReadGuard.Length.STRING) {
            if (checksStrings) {
                checkStringLength();
            }
            return;
        }
        int length = readInt(); // an IOException where fewer than 4 bytes are left
        offset -= Integer.BYTES;
        long remaining = limit - offset - Integer.BYTES;
        if (length < 0 || length > maxArrayLength || (long) length * guard.bytesPerElement > remaining) {
            throw tooLong(guard, length, remaining);
        }
        if (guard.countsElements) {
            budget.countElements(length);
        }
    }

    private SerializationException tooLong(ReadGuard guard, int length, long remaining) {
        return new SerializationException(guard.serializer.cls().getName() + " claims " + length
                + " elements with " + remaining + " bytes left (maxArrayLength " + maxArrayLength + ")");
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
