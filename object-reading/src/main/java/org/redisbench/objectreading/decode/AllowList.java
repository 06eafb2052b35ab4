package org.redisbench.objectreading.decode;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import org.redisbench.commandline.Refusal;

/**
 * The user's classes the advisor may build from their values ({@code --allow}): comma-separated patterns, each a
 * class name ({@code com.acme.Cart}), a package's own classes ({@code com.acme.*}, nested classes included) or a
 * package with every package under it ({@code com.acme.**}). A pattern that covers everything ({@code *},
 * {@code **}) or is not a name is refused: the list is what stands between a stored value and the classes the
 * readers would otherwise construct.
 */
public final class AllowList {

	private static final String NAME = "[\\p{L}_$][\\p{L}\\p{N}_$]*(?:\\.[\\p{L}_$][\\p{L}\\p{N}_$]*)*";

	private static final Pattern PATTERN = Pattern.compile(NAME + "(?:\\.\\*\\*?)?");

	private final List<String> patterns;

	private final Set<String> classes = new HashSet<>();

	private final Set<String> packages = new HashSet<>();

	/** Each with its trailing dot, so that {@code com.acme.**} does not cover {@code com.acmex}. */
	private final List<String> trees = new ArrayList<>();

	private AllowList(List<String> patterns) {
		this.patterns = List.copyOf(patterns);
		for (String pattern : patterns) {
			if (pattern.endsWith(".**")) {
				this.trees.add(pattern.substring(0, pattern.length() - 2));
			}
			else if (pattern.endsWith(".*")) {
				this.packages.add(pattern.substring(0, pattern.length() - 2));
			}
			else {
				this.classes.add(pattern);
			}
		}
	}

	/** @throws Refusal for a pattern that is not a name, {@code name.*} or {@code name.**} */
	public static AllowList parse(String text) {
		List<String> patterns = new ArrayList<>();
		for (String item : text.split(",")) {
			String pattern = item.strip();
			if (pattern.isEmpty()) {
				continue;
			}
			if (!PATTERN.matcher(pattern).matches()) {
				throw new Refusal("--allow: '" + pattern + "' is not a class name, a package.* or a package.**"
						+ " (nothing broader than a package is allowed)");
			}
			patterns.add(pattern);
		}
		return new AllowList(patterns);
	}

	public boolean isEmpty() {
		return this.patterns.isEmpty();
	}

	/** Whether a class of this binary name ({@code com.acme.Cart$Line}) is allowed; arrays are their component's. */
	public boolean allows(String className) {
		if (this.classes.contains(className)) {
			return true;
		}
		int dot = className.lastIndexOf('.');
		if (dot > 0 && this.packages.contains(className.substring(0, dot))) {
			return true;
		}
		return this.trees.stream().anyMatch(className::startsWith);
	}

	@Override
	public String toString() {
		return String.join(",", this.patterns);
	}

}
