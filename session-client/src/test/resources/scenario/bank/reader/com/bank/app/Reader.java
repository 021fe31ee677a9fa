package com.bank.app;

import com.bank.session.CustomerSession;
import dev.sessiondata.client.SessionClient;
import dev.sessiondata.serializer.SerializerSettings;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The reading application. Arguments: base URI, token, session id, descriptor exchange (true/false), result file,
 * and optionally {@code wait}: then it starts, prints {@code ready} and reads only after a line on its input, so
 * that the writer can upload after this reader's startup exchange. Writes every field it read as {@code name=value}
 * lines, and how many descriptors it had to fetch on a miss.
 */
public final class Reader {

    public static void main(String[] args) throws IOException {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        SessionClient client = SessionClient.builder()
                .baseUri(URI.create(args[0]))
                .token(args[1])
                .serializerSettings(SerializerSettings.builder().allowPackages("com.bank").build())
                .registerClasses(CustomerSession.class)
                .schemaExchange(Boolean.parseBoolean(args[3]))
                .meterRegistry(meters)
                .build()
                .connect(); // the startup exchange now, before the writer uploads, as an application that fails fast
        if (args.length > 5 && "wait".equals(args[5])) {
            System.out.println("ready");
            System.out.flush();
            new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        }
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
        fields.add("descriptorFetches=" + meters.find("sessiondata.client.requests")
                .tag("operation", "descriptor-fetch").timers().stream().mapToLong(timer -> timer.count()).sum());
        Files.write(Path.of(args[4]), fields);
    }
}
