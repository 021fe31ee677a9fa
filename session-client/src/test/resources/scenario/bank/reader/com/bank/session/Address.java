package com.bank.session;

import java.io.Serializable;

/** Version 2 of the nested DTO: {@code country} is new. */
public class Address implements Serializable {

    private static final long serialVersionUID = 1L;

    public String street;
    public String postalCode;
    public String city;
    public String country;
}
