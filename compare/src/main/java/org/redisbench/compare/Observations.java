package org.redisbench.compare;

/**
 * What one run holds of one figure of one variant.
 *
 * @param values one value a repetition (or a {@code --slo} search), from the run's summary records
 * @param perSecond the app's per-second samples of the phase, {@code null} when the figure has none or the run did
 * not sample
 */
record Observations(Samples values, PerSecond perSecond) {

}
