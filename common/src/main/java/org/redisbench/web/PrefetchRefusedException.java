package org.redisbench.web;

/** A browser's prefetch or prerender of an endpoint ({@link PrefetchRefusal}); answered 503, never cached. */
class PrefetchRefusedException extends RuntimeException {

	PrefetchRefusedException(String message) {
		super(message);
	}

}
