package org.redisbench.stringapp;

import org.redisbench.test.BrowserContractTest;

class StringAppBrowserTest extends BrowserContractTest {

	@Override
	protected Class<?> application() {
		return StringApplication.class;
	}

}
