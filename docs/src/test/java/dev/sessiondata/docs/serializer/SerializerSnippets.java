package dev.sessiondata.docs.serializer;

// tag::imports[]
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
// end::imports[]
import dev.sessiondata.docs.client.ShoppingCart;

/**
 * The serializer SPI's samples of the manual, between {@code tag::} markers that the pages include; compiled with the
 * build, and run by {@code SerializerSnippetsTest}.
 */
final class SerializerSnippets {

    private SerializerSnippets() {
    }

    static ShoppingCart roundTrip(ShoppingCart cart) {
        // tag::create[]
        SerializerSettings settings = SerializerSettings.builder()
                .allowPackages("dev.sessiondata.docs.client") // your session classes; the JDK value types are built in
                .registerClasses(ShoppingCart.class)          // what this application writes (one-nio prepares them)
                .build();
        // an id whose module is not on the class path is an IllegalArgumentException listing the available ones
        SessionSerializer serializer = SessionSerializers.create("fory-shared", settings);
        byte[] bytes = serializer.serialize(cart);
        ShoppingCart read = serializer.deserialize(bytes, ShoppingCart.class);
        // end::create[]
        return read;
    }
}
