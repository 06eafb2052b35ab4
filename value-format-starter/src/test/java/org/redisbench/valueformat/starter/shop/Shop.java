package org.redisbench.valueformat.starter.shop;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.cache.annotation.EnableCaching;
import org.springframework.context.annotation.Bean;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.authentication.dao.DaoAuthenticationProvider;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.session.data.redis.config.annotation.web.http.EnableRedisHttpSession;

/**
 * A user's service as the starter finds it: Spring Cache of orders and Spring Session with Spring Security on Redis,
 * not a line of code about serializers. {@code @EnableRedisHttpSession} is what Boot imports for a servlet
 * application; named because the tests start no web server.
 */
@SpringBootApplication
@EnableCaching
@EnableRedisHttpSession
public class Shop {

	@Bean
	AuthenticationManager authenticationManager() {
		InMemoryUserDetailsManager users = new InMemoryUserDetailsManager(
				User.withUsername("ada").password("{noop}secret").roles("SHOPPER").build(),
				User.withUsername("grace").password("{noop}secret").roles("SHOPPER", "ADMIN").build());
		return new ProviderManager(new DaoAuthenticationProvider(users));
	}

}
