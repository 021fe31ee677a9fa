package com.bank.session;

import java.io.Serializable;

/** Version 1 of the nested DTO: without {@code country}. */
public class Address implements Serializable {

    private static final long serialVersionUID = 1L;

    public String street;
    public String city;
    public String postalCode;
}
