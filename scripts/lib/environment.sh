#!/usr/bin/env bash
# What the processes a script starts inherit, for every script to source first (common.sh does).
#
# A Redis password or Spring setting exported in the user's shell would reach the redis-cli, redis-server, apps
# and tools a script starts and change what they measure: REDISCLI_AUTH makes every redis-cli AUTH to a Redis
# that has no password, SPRING_DATA_REDIS_URL or _PASSWORD sends an app elsewhere or makes it fail. Sourcing
# this takes them out of the environment at once. Each stays a shell variable, so that a script still reads the
# ones it documents (REDIS_PASSWORD; ADVISE_PASSWORD and REDISCLI_AUTH in advise.sh), and hands a password on
# only by name, to the process it is meant for: REDISCLI_AUTH=$password redis-cli ...

# unexport_redis_settings: REDISCLI_AUTH, REDIS_PASSWORD, ADVISE_PASSWORD and every SPRING_* variable stop being
# exported.
unexport_redis_settings() {
	local name
	# shellcheck disable=SC2163 # export -n the variable named by $name, not name itself
	while read -r name; do
		case $name in
		REDISCLI_AUTH | REDIS_PASSWORD | ADVISE_PASSWORD | SPRING_*) export -n "$name" ;;
		esac
	done < <(compgen -e)
}

unexport_redis_settings
