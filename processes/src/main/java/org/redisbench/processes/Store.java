package org.redisbench.processes;

/** A server of ours that holds data: a test empties it before each test, a run before each variant. */
public interface Store {

	/** Empties it, through its own protocol. */
	void flushAll();

}
