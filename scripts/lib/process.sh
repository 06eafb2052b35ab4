#!/usr/bin/env bash
# Processes and ports of a script's own, for scripts to source. Only a PID the script holds from its own
# `cmd &` is ever signalled: on a shared machine, a name or a port could be someone else's process.

# stop_process PID SECONDS: TERM, then KILL if it is still running after SECONDS; reaps it if it is a
# child of this shell. Returns 1 when it took a KILL, so the caller can say so in its own log.
stop_process() {
	local pid=$1 deadline
	[[ -n $pid ]] && kill -0 "$pid" 2>/dev/null || return 0
	kill -TERM "$pid" 2>/dev/null || true
	deadline=$((SECONDS + $2))
	while kill -0 "$pid" 2>/dev/null && ((SECONDS < deadline)); do
		sleep 0.1
	done
	local killed=0
	if kill -0 "$pid" 2>/dev/null; then
		kill -KILL "$pid" 2>/dev/null || true
		killed=1
	fi
	wait "$pid" 2>/dev/null || true
	return "$killed"
}

# port_answers HOST PORT [PREFIX...]: whether something accepts a TCP connection on HOST:PORT, tried
# through PREFIX (e.g. "ip netns exec NS") so that the answer is the one seen from where it runs.
port_answers() {
	# shellcheck disable=SC2016 # $0 and $1 are the inner bash's arguments
	"${@:3}" timeout 2 bash -c 'exec 3<>"/dev/tcp/$0/$1"' "$1" "$2" 2>/dev/null
}

# listens_on PID PORT: whether process PID itself holds a listening TCP socket on PORT, so that a health check
# answered on the port is known to be this process's and not another's that took the port first.
listens_on() {
	local pid=$1 inode
	while read -r inode; do
		[[ -n $(find "/proc/$pid/fd" -lname "socket:\[$inode\]" -print -quit 2>/dev/null) ]] && return 0
	done < <(awk -v port="$(printf ':%04X' "$2")" '$4 == "0A" && substr($2, length($2) - 4) == port { print $10 }' \
		"/proc/$pid/net/tcp" "/proc/$pid/net/tcp6" 2>/dev/null)
	return 1
}

# first_free_port HOST FIRST [LAST [PREFIX...]]: the first port from FIRST to LAST (default 65535) on which
# nothing on HOST answers, as seen through PREFIX (see port_answers); fails when there is none.
first_free_port() {
	local host=$1 port=$2 last=${3:-65535}
	for (( ; port <= last && port <= 65535; port++)); do
		port_answers "$host" "$port" "${@:4}" || { echo "$port"; return 0; }
	done
	return 1
}
