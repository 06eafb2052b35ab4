package org.redisbench.store;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;

/**
 * Spring Boot hands Jedis the SSL bundle's trust material but leaves the JDK's hostname check off, so a
 * server showing any certificate a trusted CA signed, for any name, would pass for our Redis. Endpoint
 * identification makes the TLS handshake check the certificate's names against
 * {@code spring.data.redis.host} (or each cluster node's address), as HTTPS does.
 */
@Configuration(proxyBeanMethods = false)
class TlsHostnameVerification {

	@Bean
	static BeanPostProcessor verifyRedisHostname() {
		return new BeanPostProcessor() {
			@Override
			public Object postProcessBeforeInitialization(Object bean, String beanName) {
				if (bean instanceof JedisConnectionFactory factory) {
					// The parameters Spring Boot built from the bundle, before any connection uses them.
					factory.getClientConfiguration()
						.getSslParameters()
						.ifPresent((parameters) -> parameters.setEndpointIdentificationAlgorithm("HTTPS"));
				}
				return bean;
			}
		};
	}

}
