package org.redisbench.web;

import java.io.IOException;
import java.io.Writer;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

/**
 * Tomcat's answer to a request it refuses before the app sees it (a request line or header too large, an
 * encoded NUL or slash in the path): one plain-text line naming the status, like the app's own error answers,
 * instead of Tomcat's HTML report; a browser gets that line in the app's page ({@link BrowserPage}). It repeats
 * nothing of the request.
 */
class PlainTextErrorReport extends ErrorReportValve {

	@Override
	protected void report(Request request, Response response, Throwable throwable) {
		int status = response.getStatus();
		// As Tomcat's own report: only an error nobody has answered yet, and only while the client can hear it.
		if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
			return;
		}
		AtomicBoolean ioAllowed = new AtomicBoolean(true);
		response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
		if (!ioAllowed.get()) {
			return;
		}
		HttpStatus known = HttpStatus.resolve(status);
		String line = ((known != null) ? known.getReasonPhrase().toLowerCase(Locale.ROOT) : "error " + status) + "\n";
		// The request's head may be what was refused: then there is no Accept to read, and the line stays text.
		boolean page = BrowserPage.prefersPage(request.getHeader(HttpHeaders.ACCEPT));
		try {
			response.setContentType(page ? MediaType.TEXT_HTML_VALUE : MediaType.TEXT_PLAIN_VALUE);
			response.setCharacterEncoding("UTF-8");
			Writer writer = response.getReporter();
			if (writer != null) {
				// Not the method and path: Tomcat refused them, they may be anything, and the status says enough.
				writer.write(page ? BrowserPage.page(status, "the request", line, null) : line);
				response.finishResponse();
			}
		}
		catch (IOException | IllegalStateException ex) {
			// The client went away, or the response is already on its way: there is no one left to tell.
		}
	}

}
