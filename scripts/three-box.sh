#!/usr/bin/env bash
# The published experiment used three machines: Redis, the web app and the load client. This runs it on one
# Linux machine with each of the three in a network namespace of its own, joined by veth pairs through a
# bridge in a fourth ("switch") namespace, so every HTTP request and every Redis round trip crosses a real
# network stack instead of loopback. The experiment itself is scripts/bench.sh, run with wrappers that put
# redis-server, the app's JVM and the client tools into their namespaces; results land where and as bench.sh
# writes them.
#
# Safety: the addresses below exist only inside the namespaces, which have no default route, and every
# command that talks to one of them runs inside a namespace. Nothing is added to the root namespace: the
# veths are created from within the switch namespace. Everything created is removed on exit, failure or
# Ctrl-C, and processes still inside the namespaces then are stopped by PID.
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
THREE_BOX_STOP_TIMEOUT=${THREE_BOX_STOP_TIMEOUT:-15} # seconds a leftover process gets between TERM and KILL
THREE_BOX_TIMEOUT=${THREE_BOX_TIMEOUT:-7200}         # seconds the whole bench.sh run may take
# TCP settings each box copies from this host, so that a difference to a loopback run is the network's.
THREE_BOX_SYSCTLS=${THREE_BOX_SYSCTLS:-net.ipv4.ip_local_port_range net.ipv4.tcp_tw_reuse net.core.somaxconn net.ipv4.tcp_max_syn_backlog}

usage() {
	cat <<EOF
Usage: scripts/three-box.sh [bench.sh options...]

Runs scripts/bench.sh with Redis, the app and the client (ab, redis-cli, curl, redis-benchmark) each in
its own network namespace, joined through a bridge, so that HTTP and Redis traffic crosses veth links.
All options go to bench.sh (see scripts/bench.sh --help); its results and report are unchanged. Without
--output they land in results/<timestamp>-three-box/, with three-box.env beside them: the addresses, the
link rate and the bytes each box sent and received. Needs root (ip netns, veth, tc) and iproute2.

Environment (defaults in brackets):
  THREE_BOX_ID            [\$\$-\$RANDOM] unique part of the namespace names
  THREE_BOX_PREFIX        [$THREE_BOX_PREFIX] namespaces are <prefix>-<id>-{switch,redis,app,client}
  THREE_BOX_SUBNET        [$THREE_BOX_SUBNET] a private /24 (in 10/8, 172.16/12 or 192.168/16)
  THREE_BOX_REDIS_ADDR, THREE_BOX_APP_ADDR, THREE_BOX_CLIENT_ADDR  [.11, .12, .13 of the subnet]
  THREE_BOX_LINK_RATE     [unlimited] e.g. 1gbit: each box's link, each direction (tc tbf)
  THREE_BOX_LINK_BURST    [$THREE_BOX_LINK_BURST] tbf bucket size
  THREE_BOX_LINK_LATENCY  [$THREE_BOX_LINK_LATENCY] tbf queue limit, as time
  THREE_BOX_STOP_TIMEOUT  [$THREE_BOX_STOP_TIMEOUT] seconds between TERM and KILL for processes left in the namespaces
  THREE_BOX_TIMEOUT       [$THREE_BOX_TIMEOUT] seconds the whole bench.sh run may take
  THREE_BOX_SYSCTLS       [$THREE_BOX_SYSCTLS]
                          settings each namespace copies from this host

Example: THREE_BOX_LINK_RATE=1gbit scripts/three-box.sh --requests 20000 --repetitions 1
EOF
}

for arg in "$@"; do
	case $arg in -h | --help)
		usage
		exit 0
		;;
	esac
done

die() {
	echo "three-box: $*" >&2
	exit 1
}

if ((EUID != 0)); then
	die "needs root: it creates network namespaces, veth links and tc qdiscs (run it with sudo)"
fi
for addr in "$THREE_BOX_REDIS_ADDR" "$THREE_BOX_APP_ADDR" "$THREE_BOX_CLIENT_ADDR"; do
	[[ $addr =~ ^(10\.[0-9]+|172\.(1[6-9]|2[0-9]|3[01])|192\.168)\.[0-9]+\.[0-9]+$ ]] ||
		die "$addr is not a private IPv4 address (10/8, 172.16/12, 192.168/16)"
done
for tool in ip tc timeout; do
	command -v "$tool" >/dev/null || die "$tool not found (Debian: apt-get install iproute2 coreutils)"
done

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

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
		echo "three-box: stopping processes left in the namespaces: ${pids[*]}" >&2
		kill -TERM "${pids[@]}" 2>/dev/null || true
		deadline=$((SECONDS + THREE_BOX_STOP_TIMEOUT))
		for pid in "${pids[@]}"; do
			while kill -0 "$pid" 2>/dev/null && ((SECONDS < deadline)); do sleep 0.2; done
			kill -KILL "$pid" 2>/dev/null || true
		done
	fi
	for ns in "${created[@]}"; do
		ip netns del "$ns" || echo "three-box: could not delete namespace $ns" >&2
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
	ip -n "$1" link set lo up
	for name in $THREE_BOX_SYSCTLS; do
		ip netns exec "$1" sysctl -q -w "$name=$(sysctl -n "$name")" >/dev/null
	done
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

# Where bench.sh will write: its --output if given, else a folder named here, so the topology can join it.
out=$ROOT/results/$(date +%Y%m%d-%H%M%S)-three-box
args=("$@")
for ((i = 0; i < ${#args[@]} - 1; i++)); do
	[[ ${args[i]} == -o || ${args[i]} == --output ]] && out=${args[i + 1]}
done

echo "three-box: redis ${ns_of[redis]} $THREE_BOX_REDIS_ADDR, app ${ns_of[app]} $THREE_BOX_APP_ADDR," \
	"client ${ns_of[client]} $THREE_BOX_CLIENT_ADDR, link rate ${THREE_BOX_LINK_RATE:-unlimited}" >&2
status=0
# Redis's protected mode refuses clients that are not on loopback unless there is a password; here only our
# namespaces can reach it.
BENCH_REDIS_EXEC="ip netns exec ${ns_of[redis]}" \
	BENCH_APP_EXEC="ip netns exec ${ns_of[app]}" \
	BENCH_CLIENT_EXEC="ip netns exec ${ns_of[client]}" \
	BENCH_REDIS_BIND=$THREE_BOX_REDIS_ADDR \
	BENCH_REDIS_ARGS="--protected-mode no ${BENCH_REDIS_ARGS:-}" \
	BENCH_APP_HOST=$THREE_BOX_APP_ADDR \
	timeout --foreground --kill-after="$THREE_BOX_STOP_TIMEOUT" "$THREE_BOX_TIMEOUT" \
	"$ROOT/scripts/bench.sh" --output "$out" "$@" || status=$?

# Bytes each box sent and received over its link: proof that the run crossed the veths, and the traffic
# the codecs caused (all phases and both apps together).
if [[ -d $out ]]; then
	{
		echo "# scripts/three-box.sh: one network namespace per box, joined through a bridge"
		echo "link_rate=${THREE_BOX_LINK_RATE:-unlimited}"
		for box in redis app client; do
			echo "${box}_namespace=${ns_of[$box]}"
			echo "${box}_address=${addr_of[$box]}"
			for counter in rx_bytes tx_bytes rx_packets tx_packets; do
				echo "${box}_$counter=$(ip netns exec "${ns_of[$box]}" cat "/sys/class/net/eth0/statistics/$counter")"
			done
		done
	} >"$out/three-box.env"
fi
exit "$status"
