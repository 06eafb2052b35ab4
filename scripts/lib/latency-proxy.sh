#!/usr/bin/env bash
# The latency proxy (module latency-proxy) for scripts to source after common.sh and apps.sh: builds its jar
# when needed, starts one in front of a host:port with an emulated round trip, and stops it by its PID. The
# kernel here has no netem, so the delay is added in user space; see docs/distance.md.
#
#   latency_proxy_build "$log"
#   latency_proxy_start 127.0.0.1:6379 0.45ms "$dir/proxy.log" || die "..."   # sets LATENCY_PROXY_PID, _PORT
#   ... clients use 127.0.0.1:$LATENCY_PROXY_PORT ...
#   latency_proxy_stop "$LATENCY_PROXY_PID"
#   latency_proxy_micros 0.45ms                                                 # 450, as the proxy reads it

LATENCY_PROXY_JAR=${LATENCY_PROXY_JAR:-$(jar_of latency-proxy)}
LATENCY_PROXY_BIND=${LATENCY_PROXY_BIND:-127.0.0.1}         # address the proxies listen on
LATENCY_PROXY_EXEC=${LATENCY_PROXY_EXEC:-}                  # prefix for java, e.g. to run in a namespace
LATENCY_PROXY_JAVA_OPTS=${LATENCY_PROXY_JAVA_OPTS:--Xmx512m}
LATENCY_PROXY_START_TIMEOUT=${LATENCY_PROXY_START_TIMEOUT:-30}  # seconds until it must say it listens
LATENCY_PROXY_STOP_TIMEOUT=${LATENCY_PROXY_STOP_TIMEOUT:-10}    # seconds between TERM and KILL
LATENCY_PROXY_BUILD_TIMEOUT=${LATENCY_PROXY_BUILD_TIMEOUT:-1800} # seconds building the jar may take

# shellcheck source=scripts/lib/process.sh
source "$(dirname "${BASH_SOURCE[0]}")/process.sh"

# Set by latency_proxy_start: the proxy's PID and the port it listens on.
LATENCY_PROXY_PID=''
LATENCY_PROXY_PORT=''

# latency_proxy_build LOG: builds the jar (Maven output to LOG) when it is missing or older than its
# sources; dies if that fails.
latency_proxy_build() {
	build_jars auto "$LATENCY_PROXY_BUILD_TIMEOUT" "$1" latency-proxy
}

# latency_proxy_is_rtt RTT: whether RTT is a round trip the proxy takes (0, or a number with ns, us, ms or s).
latency_proxy_is_rtt() {
	[[ $1 =~ ^(0|[0-9]+(\.[0-9]+)?(ns|us|ms|s))$ ]]
}

# latency_proxy_micros RTT: the round trip RTT (see latency_proxy_is_rtt) in µs, as the proxy reads it (its micros
# subcommand, so that the figure has one definition, in Java). Needs the jar (latency_proxy_build).
latency_proxy_micros() {
	java -jar "$LATENCY_PROXY_JAR" micros "$1"
}

# latency_proxy_start TARGET RTT LOG [OPTION...]: a proxy on a free port of LATENCY_PROXY_BIND in front of
# TARGET (host:port) that adds RTT (e.g. 0.45ms) to every round trip, half each way; more proxy options
# (--jitter, --rate) may follow. It runs under the prefix LATENCY_PROXY_EXEC, which must exec (its PID is
# the proxy's). Waits until it says it listens (read from LOG, not by connecting, which would need to be
# where the prefix puts it); its output goes to LOG. Returns 1 if it does not come up, and leaves nothing
# running then.
latency_proxy_start() {
	local target=$1 rtt=$2 log=$3 java_opts exec deadline
	shift 3
	read -ra java_opts <<<"$LATENCY_PROXY_JAVA_OPTS"
	read -ra exec <<<"$LATENCY_PROXY_EXEC"
	LATENCY_PROXY_PID='' LATENCY_PROXY_PORT=''
	# Created here, not by the background job's redirection, which may come after the first look into it.
	: >"$log"
	"${exec[@]}" java "${java_opts[@]}" -jar "$LATENCY_PROXY_JAR" --listen "$LATENCY_PROXY_BIND:0" --target "$target" \
		--rtt "$rtt" "$@" </dev/null >"$log" 2>&1 &
	LATENCY_PROXY_PID=$!
	deadline=$((SECONDS + LATENCY_PROXY_START_TIMEOUT))
	while kill -0 "$LATENCY_PROXY_PID" 2>/dev/null && ((SECONDS < deadline)); do
		LATENCY_PROXY_PORT=$(sed -n 's/^listening on .*:\([0-9]*\), forwarding.*/\1/p' "$log")
		[[ -n $LATENCY_PROXY_PORT ]] && return 0
		sleep 0.1
	done
	latency_proxy_stop "$LATENCY_PROXY_PID"
	LATENCY_PROXY_PID=''
	return 1
}

# latency_proxy_stop PID: SIGTERM (the proxy logs what it carried and exits), SIGKILL after the timeout.
latency_proxy_stop() {
	stop_process "$1" "$LATENCY_PROXY_STOP_TIMEOUT"
}
