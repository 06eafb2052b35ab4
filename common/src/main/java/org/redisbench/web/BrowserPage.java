package org.redisbench.web;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.core.MethodParameter;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.StringHttpMessageConverter;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.http.server.ServletServerHttpResponse;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyAdvice;
import org.springframework.web.util.HtmlUtils;

/**
 * What a browser sees: an endpoint's or an error's one-line answer, and its status, as a small HTML page, for a
 * request whose {@code Accept} ranks {@code text/html} above {@code text/plain}, as every browser's navigation
 * does ({@code text/html,...,*}{@code /*;q=0.8}). Every other request ({@code ab}, curl, the bench, an
 * {@code Accept} of {@code *}{@code /*} or none) gets the plain text byte for byte, since {@code ab} counts a
 * success body of another length as a failure. The page is built around the text, so that each answer keeps one
 * definition: the handler's. It is static HTML with no script, style sheet or image to fetch.
 */
@ControllerAdvice(assignableTypes = { PersonController.class, ErrorResponses.class })
class BrowserPage implements ResponseBodyAdvice<String> {

	static final MediaType HTML = new MediaType(MediaType.TEXT_HTML, StandardCharsets.UTF_8);

	private static final MediaType PLAIN = new MediaType(MediaType.TEXT_PLAIN, StandardCharsets.UTF_8);

	private static final String STYLE = "body{font:16px/1.5 system-ui,sans-serif;max-width:42em;margin:2em auto;"
			+ "padding:0 1em;color:#1b1b1b;background:#fff}h1{font-size:1.5em;margin:.2em 0;overflow-wrap:anywhere}"
			+ ".status{color:#555;margin:0}.error h1{color:#a4000f}nav a{margin-right:1em}"
			+ ".note{color:#555;font-size:.85em;margin-top:2em}";

	@Override
	public boolean supports(MethodParameter returnType, Class<? extends HttpMessageConverter<?>> converterType) {
		return StringHttpMessageConverter.class.isAssignableFrom(converterType);
	}

	@Override
	public String beforeBodyWrite(String body, MethodParameter returnType, MediaType selectedContentType,
			Class<? extends HttpMessageConverter<?>> selectedConverterType, ServerHttpRequest request,
			ServerHttpResponse response) {
		HttpServletRequest servletRequest = ((ServletServerHttpRequest) request).getServletRequest();
		if (body == null || !prefersPage(servletRequest.getHeader(HttpHeaders.ACCEPT))) {
			// The endpoints may produce text/html too, so that an Accept of text/html alone is no 406; where
			// Spring's negotiation chose it and ours did not (text/html and text/* ranked alike), the text stays text.
			if (MediaType.TEXT_HTML.equalsTypeAndSubtype(selectedContentType)) {
				response.getHeaders().setContentType(PLAIN);
			}
			return body;
		}
		HttpServletResponse servletResponse = ((ServletServerHttpResponse) response).getServletResponse();
		response.getHeaders().setContentType(HTML);
		return page(servletResponse.getStatus(),
				servletRequest.getMethod() + " " + PrintableText.excerpt(servletRequest.getRequestURI()), body,
				response.getHeaders().getFirst(PersonController.IDS_HEADER));
	}

	/**
	 * Whether a request with this {@code Accept} gets a page: when the most specific range matching
	 * {@code text/html} has a higher quality than the one matching {@code text/plain} (RFC 9110, 12.5.1). A tie,
	 * as for {@code *}{@code /*}, keeps the text.
	 */
	static boolean prefersPage(String accept) {
		// What ab and the bench send: no parsing on the measured path (and no copy: nothing to lower-case).
		if (accept == null || !accept.toLowerCase(Locale.ROOT).contains("html")) {
			return false;
		}
		List<MediaType> ranges;
		try {
			ranges = MediaType.parseMediaTypes(accept);
		}
		catch (InvalidMediaTypeException ex) {
			return false;
		}
		return quality(ranges, MediaType.TEXT_HTML) > quality(ranges, MediaType.TEXT_PLAIN);
	}

	/** The quality the most specific matching range gives {@code type}; 0 when none matches. */
	private static double quality(List<MediaType> ranges, MediaType type) {
		int specificity = -1;
		double quality = 0;
		for (MediaType range : ranges) {
			if (!range.includes(type)) {
				continue;
			}
			int rangeSpecificity = range.isWildcardType() ? 0 : range.isWildcardSubtype() ? 1 : 2;
			if (rangeSpecificity > specificity
					|| (rangeSpecificity == specificity && range.getQualityValue() > quality)) {
				specificity = rangeSpecificity;
				quality = range.getQualityValue();
			}
		}
		return quality;
	}

	/**
	 * The page of an answer to {@code request} (such as {@code GET /add}). Every piece of text in it is escaped:
	 * an error quotes a stored value or the path a client chose, already cut short and made printable
	 * ({@link PrintableText}).
	 */
	static String page(int status, String request, String text, String personIds) {
		HttpStatus known = HttpStatus.resolve(status);
		String statusLine = status + ((known != null) ? " " + known.getReasonPhrase() : "");
		String answer = escape(text.strip());
		String asked = escape(request);
		StringBuilder page = new StringBuilder(1200).append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n")
			.append("<meta charset=\"utf-8\">\n")
			.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
			.append("<title>")
			.append(answer)
			.append(" · ")
			.append(asked)
			.append("</title>\n<style>")
			.append(STYLE)
			.append("</style>\n</head>\n<body class=\"")
			.append((status < 400) ? "ok" : "error")
			.append("\">\n<main>\n<p class=\"status\" id=\"status\">")
			.append(asked)
			.append(" → ")
			.append(statusLine)
			.append("</p>\n<h1 id=\"answer\">")
			.append(answer)
			.append("</h1>\n");
		if (personIds != null) {
			page.append("<p id=\"ids\">persons ").append(escape(personIds)).append("</p>\n");
		}
		return page.append("<nav><a href=\"/reset\">/reset</a> <a href=\"/add\">/add</a> <a href=\"/check\">/check</a> ")
			.append("<a href=\"/actuator/health\">/actuator/health</a></nav>\n")
			.append("<p class=\"note\">A program that does not ask for HTML (curl, ab, the bench) gets the same answer ")
			.append("as one line of plain text.</p>\n</main>\n</body>\n</html>\n")
			.toString();
	}

	private static String escape(String text) {
		return HtmlUtils.htmlEscape(text, StandardCharsets.UTF_8.name());
	}

}
