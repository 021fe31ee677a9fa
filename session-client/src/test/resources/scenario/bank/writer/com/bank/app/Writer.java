package com.bank.app;

import com.bank.session.Address;
import com.bank.session.CustomerSession;
import com.bank.session.Segment;
import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.client.SessionClient;
import dev.sessiondata.serializer.SerializerSettings;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/** The writing application. Arguments: base URI, token, session id, descriptor exchange (true/false). */
public final class Writer {

    public static void main(String[] args) {
        SessionClient client = SessionClient.builder()
                .baseUri(URI.create(args[0]))
                .token(args[1])
                .serializerSettings(SerializerSettings.builder().allowPackages("com.bank").build())
                .registerClasses(CustomerSession.class)
                .schemaExchange(Boolean.parseBoolean(args[3]))
                .build();
        if (!KnownSerializers.ONE_NIO.equals(client.fetchActiveSerializer())) {
            throw new IllegalStateException("the scenario needs one-nio active, the service has "
                    + client.fetchActiveSerializer());
        }
        CustomerSession session = new CustomerSession();
        session.customerId = "C-1001";
        session.displayName = "Ada Lovelace";
        session.balance = new BigDecimal("1234567.89");
        session.birthDate = LocalDate.of(1815, 12, 10);
        session.lastLogin = Instant.parse("2026-11-22T04:05:06.789Z");
        session.segment = Segment.PRIVATE;
        session.address = new Address();
        session.address.street = "12 St James's Square";
        session.address.city = "London";
        session.address.postalCode = "SW1Y 4JH";
        session.roles = new ArrayList<>(List.of("owner", "trader"));
        session.campaignCode = "WINTER-26";
        client.put(args[2], session);
    }
}
