package org.redisbench.corpus.shop;

/** Where an order stands; an enum, so that every encoding shows how it writes one. */
public enum OrderStatus {
	PLACED, PAID, PACKED, SHIPPED, DELIVERED, CANCELLED
}
