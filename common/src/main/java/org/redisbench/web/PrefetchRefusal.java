package org.redisbench.web;

import java.util.List;
import java.util.Locale;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.servlet.HandlerInterceptor;

/**
 * Refuses a request a browser sends ahead of a navigation that may never come: a link prefetch, a speculation
 * rule's prefetch or prerender, the address bar guessing where its user is going. Every endpoint is a GET, and
 * {@code /add}, {@code /check}, {@code /reset} and {@code /save} change the store or the id sequences, so such a
 * request would add persons, or move the sequences, that no one asked for. It is refused before any handler
 * runs, on every path, so that no list of the endpoints that act has to be kept in step with the controller; a
 * bench app loses nothing by fetching a read-only page only when it is opened.
 *
 * <p>The refusal is a 503 with {@code Cache-Control: no-store}: browsers drop a prefetch or prerender whose
 * answer is not 2xx, and cache nothing, so the navigation, if it comes, asks again and acts once. A 204 would
 * not do: it stops a prerender, but a prefetched 204 may still be kept and shown in place of the answer.
 */
class PrefetchRefusal implements HandlerInterceptor {

	/**
	 * Where browsers say it: {@code Sec-Purpose: prefetch} or {@code prefetch;prerender} (the standard),
	 * {@code Purpose: prefetch} (Chromium's older header), {@code X-Purpose} (Safari's), {@code X-Moz: prefetch}
	 * (Firefox's).
	 */
	private static final List<String> HEADERS = List.of("Sec-Purpose", "Purpose", "X-Purpose", "X-Moz");

	@Override
	public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
		for (String header : HEADERS) {
			String value = request.getHeader(header);
			if (value != null && isPrefetch(value)) {
				throw new PrefetchRefusedException("refused: a prefetch (" + header + ": " + PrintableText.excerpt(value)
						+ ") never acts here; open the page itself");
			}
		}
		return true;
	}

	/**
	 * A prefetch whatever its parameters ({@code prefetch;prerender}, {@code prefetch;anonymous-client-ip}), and
	 * Safari's {@code preview} of a top site.
	 */
	static boolean isPrefetch(String value) {
		String purpose = value.split("[;,]", 2)[0].strip().toLowerCase(Locale.ROOT);
		return purpose.equals("prefetch") || purpose.equals("preview");
	}

}
