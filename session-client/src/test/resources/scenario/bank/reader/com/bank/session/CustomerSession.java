package com.bank.session;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/** Version 2, the reader's: {@code campaignCode} is gone, {@code preferredLanguage} is new, fields are reordered. */
public class CustomerSession implements Serializable {

    private static final long serialVersionUID = 1L;

    public String preferredLanguage;
    public String customerId;
    public Address address;
    public String displayName;
    public Segment segment;
    public BigDecimal balance;
    public Instant lastLogin;
    public LocalDate birthDate;
    public List<String> roles;
}
