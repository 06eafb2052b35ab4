package org.redisbench.corpus.sessions;

import org.redisbench.corpus.shop.Shop;

import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.stereotype.Service;

/**
 * The shop's user store, as Spring Security's login reads it: {@code shopper0000042} is shopper 42 of {@link Shop}.
 * Passwords are stored {@code {noop}}: a hundred thousand logins then take seconds, where BCrypt would take hours,
 * and what a session keeps is the same either way, since Spring Security erases the password after login.
 */
@Service
public class Shoppers implements UserDetailsService {

	private final Shop shop;

	public Shoppers(Shop shop) {
		this.shop = shop;
	}

	@Override
	public UserDetails loadUserByUsername(String username) {
		long id = idOf(username);
		return User.withUsername(username)
			.password(this.shop.storedPassword(id))
			.authorities(this.shop.roles(id).toArray(String[]::new))
			.build();
	}

	private long idOf(String username) {
		if (username.matches("shopper[0-9]{7,18}")) {
			return Long.parseLong(username.substring("shopper".length()));
		}
		throw new UsernameNotFoundException("no such shopper: " + username);
	}

}
