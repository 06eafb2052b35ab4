package org.redisbench.objectreading.decode;

import java.util.List;

import org.redisbench.commandline.Refusal;
import org.redisbench.valueformat.objects.AllowList;

/** The advisor's and the migrator's {@code --allow}: an {@link AllowList}'s patterns, comma-separated. */
public final class AllowOption {

	private AllowOption() {
	}

	/** @throws Refusal for a pattern that is not a name, {@code name.*} or {@code name.**}, in one line */
	public static AllowList parse(String text) {
		try {
			return new AllowList(List.of(text.split(",")));
		}
		catch (IllegalArgumentException ex) {
			throw new Refusal("--allow: " + ex.getMessage());
		}
	}

}
