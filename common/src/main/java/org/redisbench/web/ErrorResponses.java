package org.redisbench.web;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.redisbench.memcached.MemcachedUnavailableException;
import org.redisbench.store.CorruptPersonException;
import org.redisbench.store.PersonNotFoundException;
import org.redisbench.store.RedisUnavailableException;
import redis.clients.jedis.exceptions.JedisException;

import org.springframework.dao.DataAccessException;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * Turns every failure into a non-2xx status with a one-line plain-text body, since {@code ab} judges a
 * request by its status alone; a browser gets the line in a page ({@link BrowserPage}). Logs one line per
 * failure, never a stack trace per request, so a load run against a broken Redis does not drown the log. A
 * failure's message may quote a stored value or a request, so every body and every log line goes through
 * {@link PrintableText}.
 */
@RestControllerAdvice
class ErrorResponses {

	private static final Log logger = LogFactory.getLog(ErrorResponses.class);

	@ExceptionHandler
	ResponseEntity<String> notFound(PersonNotFoundException ex) {
		return answer(HttpStatus.NOT_FOUND, ex.getMessage());
	}

	@ExceptionHandler
	ResponseEntity<String> corrupt(CorruptPersonException ex) {
		warn(ex.getMessage());
		return answer(HttpStatus.INTERNAL_SERVER_ERROR, ex.getMessage());
	}

	@ExceptionHandler({ RedisUnavailableException.class, MemcachedUnavailableException.class })
	ResponseEntity<String> storeUnavailable(RuntimeException ex) {
		warn(ex.getMessage());
		return answer(HttpStatus.SERVICE_UNAVAILABLE, ex.getMessage());
	}

	/** Not logged: a browser prefetching is no failure. Never stored, so the navigation after it asks again. */
	@ExceptionHandler
	ResponseEntity<String> prefetch(PrefetchRefusedException ex) {
		return answer(ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).cacheControl(CacheControl.noStore()),
				ex.getMessage());
	}

	@ExceptionHandler
	ResponseEntity<String> badRequest(BadRequestException ex) {
		return answer(HttpStatus.BAD_REQUEST, ex.getMessage());
	}

	@ExceptionHandler
	ResponseEntity<String> badParameter(MethodArgumentTypeMismatchException ex) {
		return answer(HttpStatus.BAD_REQUEST,
				ex.getName() + " must be a number, was '" + PrintableText.excerpt(ex.getValue()) + "'");
	}

	/** Spring's own answer would repeat the whole path, however long. */
	@ExceptionHandler
	ResponseEntity<String> noSuchPath(NoResourceFoundException ex) {
		return answer(HttpStatus.NOT_FOUND, "no such path: '" + PrintableText.excerpt(ex.getResourcePath()) + "'");
	}

	/**
	 * The last resort. A Redis failure that escaped the store must still be a 503: Spring Framework 7 may
	 * otherwise take a connection reset for a vanished HTTP client and answer 200 with an empty body.
	 */
	@ExceptionHandler
	ResponseEntity<String> anythingElse(Exception ex) {
		if (ex instanceof ErrorResponse errorResponse) {
			return answer(errorResponse.getStatusCode(), errorResponse.getBody().getDetail());
		}
		if (isRedisFailure(ex)) {
			warn("Redis unavailable: " + ex.getMessage());
			return answer(HttpStatus.SERVICE_UNAVAILABLE, "Redis unavailable");
		}
		// The message may quote anything, and the stack trace would repeat it unfiltered on its first line.
		logger.error("Unexpected failure: " + PrintableText.message(ex));
		logger.debug("Unexpected failure", ex);
		return answer(HttpStatus.INTERNAL_SERVER_ERROR, "internal error: " + ex.getClass().getSimpleName());
	}

	private static boolean isRedisFailure(Throwable ex) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			if (cause instanceof DataAccessException || cause instanceof JedisException) {
				return true;
			}
			if (cause.getCause() == cause) {
				break;
			}
		}
		return false;
	}

	private static void warn(String message) {
		logger.warn(PrintableText.message(message));
	}

	private static ResponseEntity<String> answer(HttpStatusCode status, String message) {
		return answer(ResponseEntity.status(status), message);
	}

	private static ResponseEntity<String> answer(ResponseEntity.BodyBuilder status, String message) {
		return status.contentType(MediaType.TEXT_PLAIN).body(PrintableText.message(message) + "\n");
	}

}
