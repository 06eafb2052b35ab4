#!/usr/bin/env bash
# The published experiment used three machines: Redis, the web app and the load client. This runs it on one
# Linux machine with each of the three in a network namespace of its own, joined by veth pairs through a
# bridge in a fourth ("switch") namespace, so every HTTP request and every Redis round trip crosses a real
# network stack instead of loopback. The experiment itself is scripts/bench.sh, run with wrappers that put
# redis-server, the app's JVM and the client tools into their namespaces; results land where and as bench.sh
# writes them. With a round trip asked (THREE_BOX_REDIS_RTT, or bench.sh's --redis-rtt and --app-rtt), bench.sh
# runs the latency proxy beside what it stands in front of, in that box's namespace and on its address, so
# distance comes on top of the links.
#
# Safety: the addresses below exist only inside the namespaces, which have no default route, and every
# command that talks to one of them runs inside a namespace. Nothing is added to the root namespace: the
# veths are created from within the switch namespace. Everything created is removed on exit, failure or
# Ctrl-C, and processes still inside the namespaces then are stopped by PID. Only the namespaces are made
# as root: under sudo, bench.sh and all it starts run as the user who ran sudo, and its files are theirs.
set -euo pipefail

# Knobs; each can be overridden from the environment.
THREE_BOX_ID=${THREE_BOX_ID:-$$-$RANDOM}             # makes the namespace names unique per run
THREE_BOX_PREFIX=${THREE_BOX_PREFIX:-rb3}            # namespaces are <prefix>-<id>-{switch,redis,app,client}
THREE_BOX_SUBNET=${THREE_BOX_SUBNET:-10.213.0}       # a private /24 that exists only inside the namespaces
THREE_BOX_REDIS_ADDR=${THREE_BOX_REDIS_ADDR:-$THREE_BOX_SUBNET.11}
THREE_BOX_APP_ADDR=${THREE_BOX_APP_ADDR:-$THREE_BOX_SUBNET.12}
THREE_BOX_CLIENT_ADDR=${THREE_BOX_CLIENT_ADDR:-$THREE_BOX_SUBNET.13}
THREE_BOX_LINK_RATE=${THREE_BOX_LINK_RATE:-}         # e.g. 1gbit, per box and direction; empty: unlimited
THREE_BOX_LINK_BURST=${THREE_BOX_LINK_BURST:-256kb}  # tbf bucket; must hold one GSO packet (64 KiB)
THREE_BOX_LINK_LATENCY=${THREE_BOX_LINK_LATENCY:-50ms} # longest a packet may queue in tbf
THREE_BOX_REDIS_RTT=${THREE_BOX_REDIS_RTT:-}         # e.g. 1ms or 0,1ms: bench.sh's --redis-rtt; empty: its own
THREE_BOX_STOP_TIMEOUT=${THREE_BOX_STOP_TIMEOUT:-15} # seconds a leftover process gets between TERM and KILL
THREE_BOX_TIMEOUT=${THREE_BOX_TIMEOUT:-7200}         # seconds the whole bench.sh run may take
# TCP settings each box copies from this host, so that a difference to a loopback run is the network's.
THREE_BOX_SYSCTLS=${THREE_BOX_SYSCTLS:-net.ipv4.ip_local_port_range net.ipv4.tcp_tw_reuse net.core.somaxconn net.ipv4.tcp_max_syn_backlog}

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
readonly ROOT
# shellcheck source=scripts/lib/common.sh
source "$ROOT/scripts/lib/common.sh"

usage() {
	cat <<EOF
Usage: sudo scripts/three-box.sh [bench.sh options...]

Runs scripts/bench.sh (every option goes to it; see its --help) with Redis, the app and the client each in
a network namespace of its own, joined through a bridge (docs/three-boxes.md, "In network namespaces on one Linux
machine"). Results as bench.sh writes them, plus three-box.env, in results/<timestamp>-three-box/ unless
--output says otherwise. Needs root for the namespaces; everything else runs as the user who ran sudo
(SUDO_UID). Environment variable, its value in brackets:

Namespaces:
  THREE_BOX_ID            [\$\$-\$RANDOM] unique part of the namespace names
  THREE_BOX_PREFIX        [$THREE_BOX_PREFIX] namespaces are <prefix>-<id>-{switch,redis,app,client}

Addresses:
  THREE_BOX_SUBNET        [$THREE_BOX_SUBNET] a private /24 (in 10/8, 172.16/12 or 192.168/16)
  THREE_BOX_REDIS_ADDR, THREE_BOX_APP_ADDR, THREE_BOX_CLIENT_ADDR  [.11, .12, .13 of the subnet]

Links:
  THREE_BOX_LINK_RATE     [${THREE_BOX_LINK_RATE:-unlimited}] e.g. 1gbit: each box's link, each direction (tc tbf)
  THREE_BOX_LINK_BURST    [$THREE_BOX_LINK_BURST] tbf bucket size
  THREE_BOX_LINK_LATENCY  [$THREE_BOX_LINK_LATENCY] tbf queue limit, as time
  THREE_BOX_SYSCTLS       [$THREE_BOX_SYSCTLS]
                          settings each namespace copies from this host

Distance:
  THREE_BOX_REDIS_RTT     [${THREE_BOX_REDIS_RTT:-unset}] round trips added between the app and Redis by the latency
                          proxy in the Redis box, e.g. 0,1ms: bench.sh's --redis-rtt, which wins over it
                          (--app-rtt puts one in the app box, in front of the app)

Run:
  THREE_BOX_TIMEOUT       [$THREE_BOX_TIMEOUT] seconds the whole bench.sh run may take
  THREE_BOX_STOP_TIMEOUT  [$THREE_BOX_STOP_TIMEOUT] seconds between TERM and KILL for what is left in the namespaces

Example: sudo THREE_BOX_LINK_RATE=1gbit scripts/three-box.sh --requests 20000 --repetitions 1
         sudo THREE_BOX_REDIS_RTT=0,1ms scripts/three-box.sh --modes per-key,pipeline
EOF
}

for arg in "$@"; do
	case $arg in -h | --help)
		usage
		exit 0
		;;
	esac
done

for name in THREE_BOX_ID THREE_BOX_PREFIX; do
	[[ ${!name} =~ ^[A-Za-z0-9_.-]+$ ]] || refuse "$name may hold only letters, digits, '_', '.' and '-', was '${!name}'"
done
for name in THREE_BOX_REDIS_ADDR THREE_BOX_APP_ADDR THREE_BOX_CLIENT_ADDR; do
	[[ ${!name} =~ ^(10\.[0-9]+|172\.(1[6-9]|2[0-9]|3[01])|192\.168)\.[0-9]+\.[0-9]+$ ]] ||
		refuse "$name is not a private IPv4 address (10/8, 172.16/12, 192.168/16), was '${!name}'"
done
require_count THREE_BOX_STOP_TIMEOUT
require_count THREE_BOX_TIMEOUT 1
((EUID == 0)) || die "needs root: it creates network namespaces, veth links and tc qdiscs (run it with sudo)"
require_commands 'ip:Debian iproute2' 'tc:Debian iproute2' timeout 'nsenter:Debian util-linux' 'setpriv:Debian util-linux'

# Only the namespaces need root. bench.sh, and so the build, the results and everything it starts, runs as
# the user who ran sudo, keeping one capability, CAP_SYS_ADMIN, for nsenter to enter a namespace (ip netns
# exec drops every capability when not run as root); the prefix then drops it before redis-server, a JVM
# or a client starts. Each prefix execs, so bench.sh's $! is the process itself.
AS_USER=() DROP_CAPABILITIES=() USER_ENV=()
if [[ -n ${SUDO_UID:-} && ${SUDO_UID:-} != 0 ]]; then
	require_count SUDO_UID
	passwd=$(getent passwd "$SUDO_UID") || die "SUDO_UID $SUDO_UID is no user here"
	IFS=: read -r user _ _ group _ home _ <<<"$passwd"
	group=${SUDO_GID:-$group}
	AS_USER=(setpriv --reuid="$SUDO_UID" --regid="$group" --init-groups --inh-caps=+sys_admin --ambient-caps=+sys_admin --)
	DROP_CAPABILITIES=(setpriv --inh-caps=-all --ambient-caps=-all --)
	USER_ENV=(HOME="$home" USER="$user" LOGNAME="$user")
	# bench.sh and the jars are read as that user: a checkout under a private home folder (mode 0700) would
	# otherwise fail halfway, inside a namespace, with a bare "Permission denied".
	"${AS_USER[@]}" test -r "$ROOT/scripts/bench.sh" ||
		die "user $SUDO_UID cannot read $ROOT: put the checkout where they can"
	log "bench.sh, redis-server and the JVMs run as $user (uid $SUDO_UID, gid $group), who ran sudo"
else
	log "not run through sudo by another user (no SUDO_UID): bench.sh, redis-server and the JVMs run as root"
fi

ns_switch=$THREE_BOX_PREFIX-$THREE_BOX_ID-switch
declare -A ns_of=(
	[redis]=$THREE_BOX_PREFIX-$THREE_BOX_ID-redis
	[app]=$THREE_BOX_PREFIX-$THREE_BOX_ID-app
	[client]=$THREE_BOX_PREFIX-$THREE_BOX_ID-client
)
declare -A addr_of=([redis]=$THREE_BOX_REDIS_ADDR [app]=$THREE_BOX_APP_ADDR [client]=$THREE_BOX_CLIENT_ADDR)
created=()

# Stops what is still running inside our namespaces (only processes there can be ours), then deletes the
# namespaces; a veth disappears with the namespace that holds either of its ends.
# shellcheck disable=SC2317 # run by the EXIT trap
cleanup() {
	local status=$? ns pid pids=() deadline
	trap - EXIT INT TERM
	for ns in "${created[@]}"; do
		mapfile -t -O "${#pids[@]}" pids < <(ip netns pids "$ns" 2>/dev/null)
	done
	if ((${#pids[@]})); then
		log "stopping processes left in the namespaces: ${pids[*]}"
		kill -TERM "${pids[@]}" 2>/dev/null || true
		deadline=$((SECONDS + THREE_BOX_STOP_TIMEOUT))
		for pid in "${pids[@]}"; do
			while kill -0 "$pid" 2>/dev/null && ((SECONDS < deadline)); do sleep 0.2; done
			kill -KILL "$pid" 2>/dev/null || true
		done
	fi
	for ns in "${created[@]}"; do
		ip netns del "$ns" || log "could not delete namespace $ns"
	done
	exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

add_ns() {
	local name
	ip netns add "$1" || die "could not create namespace $1 (left over from a run with the same THREE_BOX_ID?)"
	created+=("$1")
	[[ -e /run/netns/$1 ]] || die "ip netns add made no /run/netns/$1 for nsenter"
	ip -n "$1" link set lo up
	for name in $THREE_BOX_SYSCTLS; do
		ip netns exec "$1" sysctl -q -w "$name=$(sysctl -n "$name")" >/dev/null
	done
}

# The prefix bench.sh puts before what runs in BOX.
exec_in() {
	echo "nsenter --net=/run/netns/${ns_of[$1]} ${DROP_CAPABILITIES[*]}"
}

# tbf on both ends of a link limits a box's sending (its end) and receiving (the switch's end), like a
# full-duplex NIC.
limit_rate() {
	tc -n "$1" qdisc add dev "$2" root tbf rate "$THREE_BOX_LINK_RATE" burst "$THREE_BOX_LINK_BURST" \
		latency "$THREE_BOX_LINK_LATENCY"
}

add_ns "$ns_switch"
ip -n "$ns_switch" link add br0 type bridge
ip -n "$ns_switch" link set br0 up
for box in redis app client; do
	ns=${ns_of[$box]}
	add_ns "$ns"
	ip -n "$ns_switch" link add "$box" type veth peer name eth0 netns "$ns"
	ip -n "$ns_switch" link set "$box" master br0 up
	ip -n "$ns" addr add "${addr_of[$box]}/24" dev eth0
	ip -n "$ns" link set eth0 up
	if [[ -n $THREE_BOX_LINK_RATE ]]; then
		limit_rate "$ns_switch" "$box"
		limit_rate "$ns" eth0
	fi
done

# Where bench.sh will write: its --output if given, else a folder named here (its BENCH_OUTPUT, which an option
# given once overrides), so the topology can join it.
out=$ROOT/results/$(date +%Y%m%d-%H%M%S)-three-box
args=("$@")
for ((i = 0; i < ${#args[@]} - 1; i++)); do
	[[ ${args[i]} == -o || ${args[i]} == --output ]] && out=${args[i + 1]}
done

log "redis ${ns_of[redis]} $THREE_BOX_REDIS_ADDR, app ${ns_of[app]} $THREE_BOX_APP_ADDR," \
	"client ${ns_of[client]} $THREE_BOX_CLIENT_ADDR, link rate ${THREE_BOX_LINK_RATE:-unlimited}"
# bench.sh reads the round trips from its environment, and its --redis-rtt, if given, wins.
distance=()
[[ -z $THREE_BOX_REDIS_RTT ]] || distance=(BENCH_REDIS_RTT="$THREE_BOX_REDIS_RTT")
status=0
# Redis's protected mode refuses clients that are not on loopback unless there is a password; here only our
# namespaces can reach it. A REDIS_PASSWORD given goes on to bench.sh (its input), in its environment.
REDIS_PASSWORD=${REDIS_PASSWORD:-} env "${USER_ENV[@]}" "${distance[@]}" \
	BENCH_REDIS_EXEC="$(exec_in redis)" \
	BENCH_APP_EXEC="$(exec_in app)" \
	BENCH_CLIENT_EXEC="$(exec_in client)" \
	BENCH_REDIS_BIND="$THREE_BOX_REDIS_ADDR" \
	BENCH_REDIS_ARGS="--protected-mode no ${BENCH_REDIS_ARGS:-}" \
	BENCH_APP_HOST="$THREE_BOX_APP_ADDR" \
	BENCH_OUTPUT="$out" \
	timeout --foreground --kill-after="$THREE_BOX_STOP_TIMEOUT" "$THREE_BOX_TIMEOUT" \
	"${AS_USER[@]}" "$ROOT/scripts/bench.sh" "$@" || status=$?

# Bytes each box sent and received over its link: proof that the run crossed the veths, and the traffic
# the codecs caused (all phases and both apps together).
if [[ -d $out ]]; then
	{
		echo "# scripts/three-box.sh: one network namespace per box, joined through a bridge"
		echo "link_rate=${THREE_BOX_LINK_RATE:-unlimited}"
		# As bench.sh recorded them; a proxy ran in the namespace of what it stood in front of.
		sed -n '/^\(redis_rtts\|app_rtts\)=/p' "$out/raw/env/settings.env" 2>/dev/null || true
		for box in redis app client; do
			echo "${box}_namespace=${ns_of[$box]}"
			echo "${box}_address=${addr_of[$box]}"
			for counter in rx_bytes tx_bytes rx_packets tx_packets; do
				echo "${box}_$counter=$(ip netns exec "${ns_of[$box]}" cat "/sys/class/net/eth0/statistics/$counter")"
			done
		done
	} >"$out/three-box.env"
	((${#AS_USER[@]} == 0)) || chown "$SUDO_UID:$group" "$out/three-box.env"
fi
exit "$status"
