/**
 * The typed candidates: what each way a Java service could store its objects would do with the user's own
 * decoded values, for the value advisor and the migrator. The advisor decodes a sample with the user's classes,
 * then, per candidate:
 * <ol>
 * <li>{@link org.redisbench.objectreading.objects.ObjectSample#of} walks the values once (cycles, lambdas, the classes a
 * registering codec registers);</li>
 * <li>{@link org.redisbench.objectreading.objects.ObjectCandidates#all} sets every candidate up with the user's class
 * loader;</li>
 * <li>{@link org.redisbench.objectreading.objects.TypedConversion#of} gives per value the bytes, or why the candidate
 * cannot carry it, and whether its own decode is the value ({@link org.redisbench.objectreading.objects.StructuralDiff});
 * the bytes go on to compression and Redis as an encoding's do, and only a candidate that carried every value
 * as it was is ranked; what a report prints of a value, there and in a path, is the
 * {@link org.redisbench.objectreading.objects.Disclosure}'s (no content unless {@code --show-values});</li>
 * <li>the advisor's {@code ObjectCpuRun} times encode and decode of the ranked ones with
 * JMH, the objects rebuilt in each fork from the user's classpath.</li>
 * </ol>
 * Nothing here needs {@code --add-opens}: JDK classes are compared through their public API, and a codec that
 * would need a flag for a value is reported with the flag, as an application without it would meet it.
 */
package org.redisbench.objectreading.objects;
