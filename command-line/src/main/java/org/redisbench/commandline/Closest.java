package org.redisbench.commandline;

import java.util.Collection;
import java.util.Comparator;
import java.util.Optional;

/**
 * The known word closest to a misspelt one, by edits (insert, delete, replace, swap two neighbours): picocli's
 * own suggestions only look at the first two letters, so {@code --smaple} found nothing.
 */
final class Closest {

	private Closest() {
	}

	/** The closest word within a third of its length in edits, leading dashes not counted (at least one), if any. */
	static Optional<String> of(String word, Collection<String> known) {
		int bound = Math.max(1, word.replaceFirst("^-+", "").length() / 3);
		return known.stream()
			.filter((candidate) -> distance(word, candidate) <= bound)
			.min(Comparator.comparingInt((String candidate) -> distance(word, candidate)));
	}

	/** Optimal string alignment distance. */
	static int distance(String a, String b) {
		int[][] d = new int[a.length() + 1][b.length() + 1];
		for (int i = 0; i <= a.length(); i++) {
			d[i][0] = i;
		}
		for (int j = 0; j <= b.length(); j++) {
			d[0][j] = j;
		}
		for (int i = 1; i <= a.length(); i++) {
			for (int j = 1; j <= b.length(); j++) {
				int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
				d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
				if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
					d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
				}
			}
		}
		return d[a.length()][b.length()];
	}

}
