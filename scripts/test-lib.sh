#!/usr/bin/env bash
# Tests of what scripts/lib/ promises about a user's files and secrets: cluster.sh removes only what it
# created, a password of any bytes reaches redis.conf as exactly that password, a password among bench.sh's Redis
# arguments stays out of its settings.env, a .env beside the compose file stays out of git and out of images, and
# the password of advise.sh's and migrate.sh's --uri reaches the tool and nothing else; and that check.sh lets no
# suite pass by accident. Needs redis-server and redis-cli; half a minute.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/check.sh
source scripts/lib/check.sh
check_options "$@"
# shellcheck source=scripts/lib/common.sh
source scripts/lib/common.sh
# shellcheck source=scripts/lib/process.sh
source scripts/lib/process.sh
# shellcheck source=scripts/lib/redis-conf.sh
source scripts/lib/redis-conf.sh

work=$(mktemp -d "${TMPDIR:-/tmp}/test-lib.XXXXXX")
redis_pid=''
cleanup() {
	stop_process "$redis_pid" 10 || true
	CLUSTER_DIR=$work/empty scripts/lib/cluster.sh stop --dir "$work/empty" >/dev/null 2>&1 || true
	rm -rf "$work"
}
trap cleanup EXIT

# --- cluster.sh --dir: a user's folder is refused, never emptied ---------------------------------
mkdir -p "$work/mine"
echo "keep me" >"$work/mine/notes.txt"
refused_and_kept() {
	! scripts/lib/cluster.sh start 3 --dir "$work/mine" >/dev/null 2>&1 && [[ $(cat "$work/mine/notes.txt") == "keep me" ]]
}
check "start --dir at a folder holding a user's file is refused and the file kept" refused_and_kept
stop_leaves_it() {
	! scripts/lib/cluster.sh stop --dir "$work/mine" >/dev/null 2>&1 && [[ -f $work/mine/notes.txt ]]
}
check "stop --dir at a folder that holds no cluster of ours touches nothing" stop_leaves_it

mkdir -p "$work/empty"
# From a shell with a REDISCLI_AUTH of its own, which the nodes (no password) would refuse.
if nodes=$(env "${USER_SHELL[@]}" scripts/lib/cluster.sh start 3 --dir "$work/empty" 2>"$work/cluster.log"); then
	check "start in an empty folder of the user's prints three nodes" grep -Eq '^([0-9.]+:[0-9]+,){2}[0-9.]+:[0-9]+$' <<<"$nodes"
	scripts/lib/cluster.sh stop --dir "$work/empty" 2>>"$work/cluster.log"
	check "stop leaves the user's folder, empty" test -d "$work/empty" -a -z "$(ls -A "$work/empty")"
else
	cat "$work/cluster.log"
	check "start 3 --dir an empty folder" false
fi
made_and_removed() {
	local dir=$work/made-by-cluster-sh
	scripts/lib/cluster.sh start 3 --dir "$dir" >/dev/null 2>>"$work/cluster.log" &&
		scripts/lib/cluster.sh stop --dir "$dir" 2>>"$work/cluster.log" && [[ ! -e $dir ]]
}
check "a folder start created is gone after stop" made_and_removed

# --- a password of any bytes, into redis.conf --------------------------------------------------
readonly PASSWORD=$'p"a\\s s#w\xc3\xa9rd\'$x'
port=$(first_free_port 127.0.0.1 27890)
REDIS_PASSWORD=$PASSWORD redis_conf_password "$work/redis.conf"
check "the password file is readable by its owner only" test "$(stat -c %a "$work/redis.conf")" = 600
not_in_plain() {
	! grep -qF 's#w' "$work/redis.conf"
}
check "the password is not in the file as plain text" not_in_plain
redis-server "$work/redis.conf" --port "$port" --bind 127.0.0.1 --save "" --appendonly no --dir "$work" \
	</dev/null >"$work/redis.log" 2>&1 &
redis_pid=$!
answers() {
	local i
	for ((i = 0; i < 50; i++)); do
		[[ $(REDISCLI_AUTH=$1 timeout 5 redis-cli -p "$port" PING 2>/dev/null) == PONG ]] && return 0
		kill -0 "$redis_pid" 2>/dev/null || return 1
		sleep 0.1
	done
	return 1
}
check "redis-server takes exactly that password" answers "$PASSWORD"
refuses() {
	[[ $(REDISCLI_AUTH=$1 timeout 5 redis-cli -p "$port" PING 2>&1) != PONG ]]
}
check "and refuses it without its last byte" refuses "${PASSWORD%?}"

# --- a .env with the password stays local ------------------------------------------------------
check ".env is ignored by git" git check-ignore -q .env
check ".env is kept out of the image's build context" grep -qx '\.env' .dockerignore

# --- bench.sh's settings.env: the arguments of its Redis, never a password among them -----------
recorded_args=$(bash -c 'source scripts/lib/bench/record.sh
	REDIS_ARGS=(--appendonly yes --requirepass "s3 cret" --masterauth other); redis_args_shown')
check "settings.env's redis_args hide the passwords among BENCH_REDIS_ARGS ($recorded_args)" \
	test "$recorded_args" = "--appendonly yes --requirepass (hidden) --masterauth (hidden)"

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
