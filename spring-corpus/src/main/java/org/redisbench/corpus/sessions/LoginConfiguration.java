package org.redisbench.corpus.sessions;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.authentication.dao.DaoAuthenticationProvider;

/**
 * Login as a form login's filter runs it: a {@link ProviderManager} over a {@link DaoAuthenticationProvider} that
 * reads the {@link Shoppers} and checks the password, then erases it from the authenticated token.
 */
@Configuration(proxyBeanMethods = false)
public class LoginConfiguration {

	@Bean
	AuthenticationManager authenticationManager(Shoppers shoppers) {
		return new ProviderManager(new DaoAuthenticationProvider(shoppers));
	}

}
