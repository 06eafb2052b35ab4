package org.redisbench.valueformat.starter.shop;

import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.authentication.WebAuthenticationDetails;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.session.Session;
import org.springframework.session.SessionRepository;
import org.springframework.stereotype.Component;

/**
 * Logins as Spring Security's form login leaves them in Spring Session's Redis repository: the authenticated token in
 * a {@code SecurityContextImpl} under Spring Security's attribute name, beside an attribute of the shop's own.
 */
@Component
public class Logins {

	private final SessionRepository<? extends Session> sessions;

	private final AuthenticationManager login;

	public Logins(SessionRepository<? extends Session> sessions, AuthenticationManager login) {
		this.sessions = sessions;
		this.login = login;
	}

	/** Logs a shopper in; the session's id. */
	public String login(String username, String password) {
		return login(this.sessions, username, password);
	}

	/** As Spring Session's filter holds its repository: by the type of session it makes. */
	private <S extends Session> String login(SessionRepository<S> sessions, String username, String password) {
		S session = sessions.createSession();
		UsernamePasswordAuthenticationToken request = UsernamePasswordAuthenticationToken.unauthenticated(username,
				password);
		request.setDetails(new WebAuthenticationDetails("192.0.2.7", session.getId()));
		SecurityContext context = SecurityContextHolder.createEmptyContext();
		context.setAuthentication(this.login.authenticate(request));
		session.setAttribute(HttpSessionSecurityContextRepository.SPRING_SECURITY_CONTEXT_KEY, context);
		session.setAttribute("lastOrder", Orders.build(username.length()));
		sessions.save(session);
		return session.getId();
	}

	/** The security context a session holds, read back through the repository. */
	public SecurityContext context(String sessionId) {
		return this.sessions.findById(sessionId).getAttribute(HttpSessionSecurityContextRepository.SPRING_SECURITY_CONTEXT_KEY);
	}

	/** The shop's own attribute of a session. */
	public Order lastOrder(String sessionId) {
		return this.sessions.findById(sessionId).getAttribute("lastOrder");
	}

}
