#!/usr/bin/env bash
# What a run records about itself in raw/env/: its settings (settings.env, which the report's settings
# section prints) and the machine and tools it ran on. Never the Redis password. For bench.sh to source
# after the other bench files.

# joined ITEM...: the items comma-separated, as settings.env lists them.
joined() {
	local IFS=,
	echo "$*"
}

# redis_args_shown: BENCH_REDIS_ARGS as settings.env records them, a password among them hidden.
redis_args_shown() {
	local arg hide=no shown=()
	for arg in "${REDIS_ARGS[@]}"; do
		if [[ $hide == yes ]]; then
			shown+=('(hidden)') hide=no
			continue
		fi
		shown+=("$arg")
		[[ $arg != --requirepass && $arg != --masterauth ]] || hide=yes
	done
	echo "${shown[*]}"
}

# record_environment: raw/env/, once the Redis and the variants are known.
record_environment() {
	local env=$RAW/env app url commit variant
	mkdir -p "$env"
	if commit=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null); then
		git -C "$ROOT" diff --quiet HEAD 2>/dev/null || commit+=" with uncommitted changes"
	else
		commit=unknown
	fi
	{
		echo "# scripts/bench.sh settings"
		echo "requests=$BENCH_REQUESTS"
		# A run of one concurrency; each variant.env names its own.
		echo "concurrency=${CONCURRENCIES[0]}"
		echo "concurrencies=$(joined "${CONCURRENCIES[@]}")"
		echo "redis_rtts=$(joined "${REDIS_RTTS[@]}")"
		echo "app_rtts=$(joined "${APP_RTTS[@]}")"
		echo "warmup=$BENCH_WARMUP"
		echo "warmup_rounds=$BENCH_WARMUP_ROUNDS"
		echo "warmup_jit_share=$BENCH_WARMUP_JIT_SHARE"
		echo "warmup_seconds=$BENCH_WARMUP_SECONDS"
		echo "repetitions=$BENCH_REPETITIONS"
		echo "keep_alive=$BENCH_KEEPALIVE"
		echo "apps=$(joined "${APPS[@]}")"
		echo "modes=$(joined "${MODES[@]}")"
		echo "compressions=$(joined "${COMPRESSIONS[@]}")"
		echo "layouts=$(joined "${LAYOUTS[@]}")"
		echo "cluster_masters=${#CLUSTER_MASTERS[@]}"
		echo "topologies=$(joined "${TOPOLOGIES[@]}")"
		echo "stores=$(joined "${STORES[@]}")"
		echo "redis_settings=$(joined "${REDIS_SETTINGS[@]}")"
		[[ -z $MEMCACHED_PID ]] || echo "memcached_address=$MEMCACHED_HOST:$MEMCACHED_PORT"
		echo "variants=$(for variant in "${VARIANTS[@]}"; do variant_name "$variant"; done | paste -sd, -)"
		if ((${#CLUSTER_MASTERS[@]})); then
			echo "cluster_address=$(joined "${CLUSTER_MASTERS[@]}")"
			echo "cluster=$([[ $OWN_CLUSTER == yes ]] && echo private || echo named)"
		fi
		for app in "${APPS[@]}"; do
			url=$(app_url_of "$app")
			echo "${app}_app=$([[ -n $url ]] && echo "already running at $url" || echo "started by bench.sh")"
		done
		echo "noop_requests=$BENCH_NOOP_REQUESTS"
		echo "redis_bench_requests=$BENCH_REDIS_BENCH_REQUESTS"
		echo "strlen_sample=$BENCH_STRLEN_SAMPLE"
		echo "ab_timeout_s=$BENCH_AB_TIMEOUT"
		echo "phase_timeout_s=$BENCH_PHASE_TIMEOUT"
		echo "batch_size=$BATCH_SIZE"
		echo "redis=$([[ -n $REDIS_PID ]] && echo private || echo named)"
		echo "redis_address=$REDIS_HOST:$REDIS_PORT"
		# the private Redis's (and cluster's) own arguments: compare lists them when two runs differ in them
		echo "redis_args=$(redis_args_shown)"
		echo "placement=$([[ -n $BENCH_REDIS_EXEC$BENCH_APP_EXEC$BENCH_CLIENT_EXEC ]] && echo "redis[$BENCH_REDIS_EXEC] app[$BENCH_APP_EXEC] client[$BENCH_CLIENT_EXEC]" || echo "one host, loopback")"
		echo "java_opts=$BENCH_JAVA_OPTS"
		echo "app_threads=$(app_threads)"
		echo "app_threads_setting=$BENCH_APP_THREADS"
		echo "app_class_sharing=$APP_CLASS_SHARING"
		echo "app_jit=$APP_JIT"
		if [[ $BENCH_PROFILE == yes ]]; then
			echo "profile=yes"
			echo "profile_requests=$BENCH_PROFILE_REQUESTS"
			echo "profile_phases=$BENCH_PROFILE_PHASES"
			echo "profiler_version=$(profiler_version)"
			echo "profile_event=$BENCH_PROFILE_EVENT"
			echo "profile_interval=$BENCH_PROFILE_INTERVAL"
		else
			echo "profile=off, --no-profile"
		fi
		echo "clk_tck=$(getconf CLK_TCK)"
		echo "started=$(date -Is)"
		echo "host=$(uname -n)"
		echo "git_commit=$commit"
	} >"$env/settings.env"
	cat /proc/cpuinfo >"$env/cpuinfo.txt"
	nproc >"$env/nproc.txt"
	head -n 3 /proc/meminfo >"$env/meminfo.txt"
	uname -a >"$env/uname.txt"
	"${APP_EXEC[@]}" java "${JAVA_OPTS[@]}" -version >"$env/java-version.txt" 2>&1
	rcli INFO server >"$env/redis-info-server.txt"
	[[ -z $MEMCACHED_PID ]] || memcached -V >"$env/memcached-version.txt" 2>&1
	((${#CLUSTER_MASTERS[@]} == 0)) || rcli_at "${CLUSTER_MASTERS[0]}" CLUSTER NODES >"$env/cluster-nodes.txt"
	client ab -V >"$env/ab-version.txt" 2>&1 || true
	client redis-benchmark --version >"$env/redis-benchmark-version.txt" 2>&1 || true
	client sysctl net.ipv4.ip_local_port_range net.ipv4.tcp_tw_reuse net.core.somaxconn >"$env/sysctl.txt" 2>&1 || true
}

# record_finished: the end of the run, in settings.env.
record_finished() {
	echo "finished=$(date -Is)" >>"$RAW/env/settings.env"
}
