#!/usr/bin/env bash
# Tests of what scripts/lib/ promises about a user's files and secrets: a .env beside the compose file stays out of
# git and out of images, and the password of advise.sh's and migrate.sh's --uri reaches the tool and nothing else; and
# that check.sh lets no suite pass by accident. (What cluster.sh, now `redis-bench cluster`, promises about a user's
# folder and a password of any bytes in redis.conf is bench's ClusterCommandTest; a password among bench.sh's Redis
# arguments kept out of settings.env, bench's VariantPlanTest.) A few seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/check.sh
source scripts/lib/check.sh
check_options "$@"
# shellcheck source=scripts/lib/common.sh
source scripts/lib/common.sh

# --- a .env with the password stays local ------------------------------------------------------
check ".env is ignored by git" git check-ignore -q .env
check ".env is kept out of the image's build context" grep -qx '\.env' .dockerignore

# --- source-password.sh: the password of advise.sh's and migrate.sh's --uri reaches the tool they launch ---------
# handed_on NAME: NAME, exported by the user's shell, is kept from what a script starts (environment.sh), and handed
# on by export_source_password to what it launches next: the advisor or the migrator, which read it (AdviseRefusalsTest).
handed_on() {
	# shellcheck disable=SC2016 # $0 and $(printenv) are the inner bash's
	env "$1=from-the-shell" bash -c 'source scripts/lib/common.sh; source scripts/lib/source-password.sh
		[[ -z $(printenv "$0") ]] && export_source_password && [[ $(printenv "$0") == from-the-shell ]]' "$1"
}
check "source-password.sh hands ADVISE_PASSWORD on to the tool launched, and to nothing before it" \
	handed_on ADVISE_PASSWORD
check "and REDISCLI_AUTH" handed_on REDISCLI_AUTH

# --- check.sh: a suite cannot pass by accident ------------------------------------------------
# suite_of BODY: the status and output of a suite made of BODY after sourcing check.sh.
suite_of() {
	bash -c "source scripts/lib/check.sh; $1"
}
check "check.sh: a suite that ran no check fails, saying so" exits_saying 1 "no check ran" suite_of check_summary
check "check.sh: a suite whose one check holds passes" \
	exits_saying 0 "^1 passed, 0 failed$" suite_of "check 'it holds' true; check_summary"
check "check_lines: each verdict line is a check, and one not ok fails" exits_saying 1 "^1 passed, 1 failed$" \
	suite_of 'producer() { printf "ok\tholds\nbroken\tdoes not\n"; }; check_lines producer; check_summary'
check "check_lines: a producer that fails fails the suite, though its verdicts held" exits_saying 1 \
	"^1 passed, 1 failed$" suite_of 'producer() { printf "ok\tholds\n"; return 3; }; check_lines producer; check_summary'
check "check_lines: a producer that printed no verdict fails the suite" \
	exits_saying 1 "^0 passed, 1 failed$" suite_of "check_lines true; check_summary"

check_summary
