package org.redisbench.html;

/** One of the run's settings as report.html lists them at its top: {@code requests = 2000}. */
public record Setting(String name, String value) {
}
