package org.redisbench.corpus.shop;

import java.io.Serializable;

/** A postal address, as an order names its billing and shipping ones. */
public record Address(String name, String street, String postcode, String city, String country) implements Serializable {
}
