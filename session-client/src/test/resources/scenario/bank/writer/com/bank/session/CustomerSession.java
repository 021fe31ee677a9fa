package com.bank.session;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/** Version 1, the writer's: it has {@code campaignCode}, which version 2 dropped. */
public class CustomerSession implements Serializable {

    private static final long serialVersionUID = 1L;

    public String customerId;
    public String displayName;
    public BigDecimal balance;
    public LocalDate birthDate;
    public Instant lastLogin;
    public Segment segment;
    public Address address;
    public List<String> roles;
    public String campaignCode;
}
