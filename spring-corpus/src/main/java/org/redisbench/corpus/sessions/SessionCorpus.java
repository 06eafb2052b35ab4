package org.redisbench.corpus.sessions;

import org.redisbench.corpus.Corpus;
import org.redisbench.corpus.shop.Shop;

import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.authentication.WebAuthenticationDetails;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.csrf.DefaultCsrfToken;
import org.springframework.security.web.csrf.HttpSessionCsrfTokenRepository;
import org.springframework.session.Session;
import org.springframework.session.SessionRepository;
import org.springframework.session.data.redis.RedisSessionRepository;
import org.springframework.stereotype.Component;

/**
 * Logged-in shoppers' sessions, as the web app's filters would leave them in Spring Session's Redis repository:
 * the session created, the login authenticated by Spring Security, its {@code SecurityContextImpl} and CSRF token
 * stored under Spring Security's own attribute names, and the shop's attributes (a cart, the shopper's locale and
 * time zone, their previous login). What differs from a request through Tomcat is only who calls: this class calls
 * the repository and the authentication manager directly, a hundred thousand times in seconds.
 */
@Component
public class SessionCorpus implements Corpus {

	/** Where {@link HttpSessionCsrfTokenRepository} keeps a session's token by default. */
	static final String CSRF_TOKEN_ATTRIBUTE = HttpSessionCsrfTokenRepository.class.getName() + ".CSRF_TOKEN";

	private final SessionRepository<? extends Session> sessions;

	private final AuthenticationManager login;

	private final Shop shop;

	public SessionCorpus(RedisSessionRepository sessions, AuthenticationManager login, Shop shop) {
		this.sessions = sessions;
		this.login = login;
		this.shop = shop;
	}

	@Override
	public void write(long id) {
		write(this.sessions, id);
	}

	/** As Spring Session's filter holds its repository: by the type of session it makes. */
	private <S extends Session> void write(SessionRepository<S> sessions, long id) {
		S session = sessions.createSession();
		UsernamePasswordAuthenticationToken request = UsernamePasswordAuthenticationToken
			.unauthenticated(this.shop.username(id), this.shop.password(id));
		request.setDetails(new WebAuthenticationDetails(this.shop.remoteAddress(id), session.getId()));
		SecurityContext context = SecurityContextHolder.createEmptyContext();
		context.setAuthentication(this.login.authenticate(request));
		session.setAttribute(HttpSessionSecurityContextRepository.SPRING_SECURITY_CONTEXT_KEY, context);
		session.setAttribute(CSRF_TOKEN_ATTRIBUTE, new DefaultCsrfToken("X-CSRF-TOKEN", "_csrf", this.shop.csrfToken(id)));
		session.setAttribute("cart", this.shop.cart(id));
		session.setAttribute("locale", this.shop.locale(id));
		session.setAttribute("zone", this.shop.zone(id));
		session.setAttribute("previousLogin", this.shop.previousLogin(id));
		sessions.save(session);
	}

	@Override
	public String keyPattern() {
		// RedisSessionRepository's key for a session: <namespace>:sessions:<id>, the namespace left at its default.
		return RedisSessionRepository.DEFAULT_KEY_NAMESPACE + ":sessions:*";
	}

}
