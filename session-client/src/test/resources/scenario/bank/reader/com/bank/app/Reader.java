package com.bank.app;

import com.bank.session.CustomerSession;
import dev.sessiondata.client.SessionClient;
import dev.sessiondata.serializer.SerializerSettings;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The reading application. Arguments: base URI, token, session id, descriptor exchange (true/false), result file.
 * Writes every field it read as {@code name=value} lines.
 */
public final class Reader {

    public static void main(String[] args) throws IOException {
        SessionClient client = SessionClient.builder()
                .baseUri(URI.create(args[0]))
                .token(args[1])
                .serializerSettings(SerializerSettings.builder().allowPackages("com.bank").build())
                .registerClasses(CustomerSession.class)
                .oneNioDescriptorExchange(Boolean.parseBoolean(args[3]))
                .build();
        CustomerSession session = client.get(args[2], CustomerSession.class).orElseThrow().value();
        List<String> fields = new ArrayList<>();
        fields.add("customerId=" + session.customerId);
        fields.add("displayName=" + session.displayName);
        fields.add("balance=" + session.balance);
        fields.add("birthDate=" + session.birthDate);
        fields.add("lastLogin=" + session.lastLogin);
        fields.add("segment=" + session.segment);
        fields.add("roles=" + session.roles);
        fields.add("address.street=" + session.address.street);
        fields.add("address.city=" + session.address.city);
        fields.add("address.postalCode=" + session.address.postalCode);
        fields.add("address.country=" + session.address.country);
        fields.add("preferredLanguage=" + session.preferredLanguage);
        Files.write(Path.of(args[4]), fields);
    }
}
