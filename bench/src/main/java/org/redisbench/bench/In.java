package org.redisbench.bench;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The topic of an option of {@link BenchCommand} that sets no one setting of its own (a preset, a flag). */
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.METHOD, ElementType.FIELD })
@interface In {

	Topic value();

}
