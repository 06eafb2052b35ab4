package org.redisbench.bench;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The setting an option of {@link BenchCommand} sets: --help shows it beside the option, in its topic. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@interface About {

	Setting value();

}
