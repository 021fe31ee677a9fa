package com.bank.session;

/** The customer's segment: the same in both versions. */
public enum Segment {
    RETAIL, PRIVATE, CORPORATE
}
