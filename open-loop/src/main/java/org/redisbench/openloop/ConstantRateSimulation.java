package org.redisbench.openloop;

import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import java.time.Duration;

import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;

/**
 * Gatling's open model: a new virtual user, one request, at each arrival of the {@link Step}'s constant rate, however
 * many are still waiting for their answers. Users share a pool of kept-alive connections, as real clients of a
 * service do; a new connection opens only when every open one is busy.
 */
public class ConstantRateSimulation extends Simulation {

	private static final String ARRIVAL = "arrival";

	public ConstantRateSimulation() {
		Step step = Step.current();
		HttpProtocolBuilder protocol = http.shareConnections().disableWarmUp().disableCaching();
		ScenarioBuilder arrivals = scenario("open-loop")
			.exec(session -> session.set(ARRIVAL, step.arrive()))
			.exec(http("request").get(step.url))
			.exec(session -> {
				step.answer(session.getInt(ARRIVAL), session.isFailed());
				return session;
			});
		Duration duration = Duration.ofSeconds(step.leadIn + step.seconds);
		setUp(arrivals.injectOpen(constantUsersPerSec(step.rate).during(duration)))
			.protocols(protocol);
	}

}
