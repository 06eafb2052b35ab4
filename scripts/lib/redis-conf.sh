#!/usr/bin/env bash
# Writing values into a redis.conf, for scripts to source.

# redis_conf_quote VALUE: VALUE as one double-quoted redis.conf argument that Redis reads back byte for
# byte. Everything but letters and digits is written as \xHH, so a quote, backslash, space, '#' or a
# non-ASCII byte in a password can neither end the argument nor turn it into another password.
redis_conf_quote() {
	local LC_ALL=C value=$1 i char out='"'
	for ((i = 0; i < ${#value}; i++)); do
		char=${value:i:1}
		if [[ $char == [A-Za-z0-9] ]]; then
			out+=$char
		else
			printf -v char '\\x%02x' "'$char"
			out+=$char
		fi
	done
	printf '%s"\n' "$out"
}

# redis_conf_password FILE: writes requirepass and masterauth for REDIS_PASSWORD into FILE (mode 600),
# or an empty FILE when there is no password; the password never reaches a command line.
redis_conf_password() {
	(
		umask 077
		: >"$1"
		if [[ -n ${REDIS_PASSWORD:-} ]]; then
			local quoted
			quoted=$(redis_conf_quote "$REDIS_PASSWORD")
			printf 'requirepass %s\nmasterauth %s\n' "$quoted" "$quoted" >"$1"
		fi
	)
}
