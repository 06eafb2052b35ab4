#!/usr/bin/env bash
# CI: scripts/lib/latency-proxy.sh, the bash library bench.sh still starts its proxy through: it
# builds the jar, reads a round trip as the proxy does, starts a proxy and stops it on SIGTERM. These checks stay in
# bash while those scripts do. The proxy's command line, its self-test and the round-trip experiment are held by the
# latency-proxy module's JUnit tests (ProxySettingsTest, PinnedSelfTestTest, RoundTripCommandTest), its behaviour
# (bytes, half-close, reset, delay) by ForwardingTest and RedisThroughProxyTest.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib/check.sh
source scripts/lib/check.sh
check_options "$@"
# shellcheck source=scripts/lib/common.sh
source scripts/lib/common.sh
# shellcheck source=scripts/lib/apps.sh
source scripts/lib/apps.sh
# shellcheck source=scripts/lib/latency-proxy.sh
source scripts/lib/latency-proxy.sh

work=$(mktemp -d -t test-latency-proxy-XXXXXX)
trap 'latency_proxy_stop "$LATENCY_PROXY_PID" || true; rm -rf "$work"' EXIT

check "the jar builds" latency_proxy_build "$work/build.log"
check "the jar reads a round trip in µs as the proxy does" test "$(latency_proxy_micros 0.45ms)" = 450

# A proxy in front of a port where nothing listens: it starts, says where it listens, and stops on SIGTERM.
check "a proxy starts and prints its port" latency_proxy_start 127.0.0.1:1 0.2ms "$work/proxy.log"
pid=$LATENCY_PROXY_PID
check "it stops on SIGTERM without a SIGKILL" latency_proxy_stop "$pid"
check "and logs what it carried" grep -q 'stopped after 0 connections' "$work/proxy.log"
check_summary
