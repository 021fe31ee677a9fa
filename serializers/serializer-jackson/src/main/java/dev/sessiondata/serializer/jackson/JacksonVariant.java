package dev.sessiondata.serializer.jackson;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.SerializerVariant;

/** Jackson data binding's six variants: three data formats, each plain or typed. */
enum JacksonVariant implements SerializerVariant {

    JACKSON_JSON(KnownSerializers.JACKSON_JSON, false),
    JACKSON_JSON_TYPED(KnownSerializers.JACKSON_JSON_TYPED, true),
    JACKSON_SMILE(KnownSerializers.JACKSON_SMILE, false),
    JACKSON_SMILE_TYPED(KnownSerializers.JACKSON_SMILE_TYPED, true),
    BSON4JACKSON(KnownSerializers.BSON4JACKSON, false),
    BSON4JACKSON_TYPED(KnownSerializers.BSON4JACKSON_TYPED, true);

    private final String id;
    private final boolean typed;

    JacksonVariant(String id, boolean typed) {
        this.id = id;
        this.typed = typed;
    }

    @Override
    public String id() {
        return id;
    }

    /**
     * Whether the payload names the class of every value of a non-final declared type (Jackson's default typing),
     * checked against the allow-list on read; otherwise a value is read as its declared type.
     */
    boolean typed() {
        return typed;
    }

    /** A new data format of this variant; made on demand, not held, so that listing the ids loads no Jackson class. */
    DataFormat format() {
        return switch (this) {
            case JACKSON_JSON, JACKSON_JSON_TYPED -> new JsonFormat();
            case JACKSON_SMILE, JACKSON_SMILE_TYPED -> new SmileFormat();
            case BSON4JACKSON, BSON4JACKSON_TYPED -> new BsonFormat();
        };
    }
}
