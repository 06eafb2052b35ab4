package org.redisbench.corpus.shop;

import java.io.Serializable;
import java.math.BigDecimal;

/** One product of an order or a cart: how many, at what price a unit. */
public record OrderLine(String sku, String title, int quantity, BigDecimal unitPrice) implements Serializable {

	public BigDecimal amount() {
		return this.unitPrice.multiply(BigDecimal.valueOf(this.quantity));
	}

}
