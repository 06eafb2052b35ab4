#!/usr/bin/env bash
# The password of a user's Redis, for advise.sh and migrate.sh to source after common.sh.

# export_source_password: hands ADVISE_PASSWORD and REDISCLI_AUTH, which environment.sh keeps from every process a
# script starts, to the advisor or migrator about to be launched, which reads them as the password of --uri
# (ADVISE_PASSWORD, even empty, before REDISCLI_AUTH): the one process they are meant for.
export_source_password() {
	[[ ! -v ADVISE_PASSWORD ]] || export ADVISE_PASSWORD
	[[ ! -v REDISCLI_AUTH ]] || export REDISCLI_AUTH
}
