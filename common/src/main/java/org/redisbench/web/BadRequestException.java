package org.redisbench.web;

/** A request whose parameters are out of bounds; answered 400. */
class BadRequestException extends RuntimeException {

	BadRequestException(String message) {
		super(message);
	}

}
