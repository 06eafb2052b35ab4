package org.redisbench.footprint;

/** A typed codec of the values read as objects, by the id the typed candidates give it ({@code kryo-registered}). */
public record TypedForm(String id) implements Form {

	@Override
	public boolean typed() {
		return true;
	}

	@Override
	public String toString() {
		return this.id;
	}

}
