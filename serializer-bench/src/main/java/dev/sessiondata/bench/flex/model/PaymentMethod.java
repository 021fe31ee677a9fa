package dev.sessiondata.bench.flex.model;

import java.io.Serializable;

/** An interface a field is declared as; {@link Card} implements it. */
public interface PaymentMethod extends Serializable {
}
