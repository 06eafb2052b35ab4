package org.redisbench.store;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;

/**
 * Wires the store. Its defaults (pool sized for {@code ab -c 200}, bounded timeouts) live in
 * {@code bench-defaults.properties}, which each app imports, so every one stays overridable through the
 * standard {@code spring.data.redis.*} and {@code server.*} properties.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(StoreProperties.class)
public class StoreConfiguration {

	/**
	 * With Jedis 7 on the classpath, Spring Data Redis 4 hands out connections backed by a pooled
	 * {@code UnifiedJedis} that borrows a socket per command, so a request's 100 commands would take 100
	 * pool round trips and could spread over several sockets. Backing each connection with one pooled
	 * {@code Jedis} binds the request to one socket for its whole batch.
	 */
	@Bean
	static BeanPostProcessor oneSocketPerConnection(ObjectProvider<StoreProperties> properties) {
		return new BeanPostProcessor() {
			@Override
			public Object postProcessBeforeInitialization(Object bean, String beanName) {
				if (bean instanceof JedisConnectionFactory factory) {
					factory.setUseUnifiedJedis(false);
					if (factory.getPoolConfig() != null) {
						factory.getPoolConfig().setTestOnBorrow(properties.getObject().validateOnBorrow());
					}
				}
				return bean;
			}
		};
	}

}
