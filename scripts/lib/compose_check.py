"""The checks of scripts/test-compose.sh against the project, one line each, VERDICT<TAB>WHAT (VERDICT ok when
WHAT holds), for scripts/lib/check.sh's check_lines: every service of docker-compose.yml as `docker-compose
config` renders it, with its profiles, against the Dockerfile, the modules, their properties, scripts/bench.sh,
the file's own header, the cluster profile's nodes and the monitoring profile's files (the list is
test-compose.sh's --help).

Usage: python3 scripts/lib/compose_check.py RESOLVED PASSWORD; RESOLVED is a file holding `docker-compose config`'s
output, rendered with REDIS_PASSWORD=PASSWORD. Run from the project's root; starts a redis-server of its own on a
free port of loopback, for the redis service's start-up script."""
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

raw_text = Path("docker-compose.yml").read_text()
resolved = yaml.safe_load(Path(sys.argv[1]).read_text())
services = resolved["services"]
password = sys.argv[2]


def check(ok, what, found=None):
    """Prints one check; found, what the file holds instead, is printed on failure."""
    print(("ok" if ok else "FAIL") + "\t" + what + ("" if ok or found is None else f" (found {found})"))


def port_mapping(entry):
    """(host port or None, container port) of a published port, in short or long syntax."""
    if isinstance(entry, dict):
        return (str(entry["published"]) if entry.get("published") else None), str(entry["target"])
    parts = str(entry).split("/")[0].split(":")
    return (parts[-2] or None) if len(parts) > 1 else None, parts[-1]


def command_args(service, key="command"):
    command = service.get(key) or []
    return [str(c) for c in command] if isinstance(command, list) else str(command).split()


def option_value(args, name, default=None):
    """The value after option name in a command's arguments."""
    return args[args.index(name) + 1] if name in args[:-1] else default


def created_nodes(service):
    """The nodes a script's `--cluster create` is given: its addresses, and those of any variable the script
    fills from the service's $REDIS_CLUSTER_NODES (the resolved file escapes $ as $$)."""
    script = " ".join(command_args(service))
    create = re.search(r"--cluster create((?:\s+(?!--)\S+)*)", script)
    listed = []
    for word in (create.group(1).replace('"', "").split() if create else []):
        variable = re.fullmatch(r"\$\$\{?(\w+)\}?", word)
        if variable is None:
            listed.append(word)
        elif re.search(r"(?<![\w$])" + variable.group(1) + r"=[^\n]*\$\$\{?REDIS_CLUSTER_NODES\b", script):
            listed += str(service.get("environment", {}).get("REDIS_CLUSTER_NODES", "")).split(",")
        else:
            listed.append(word)  # a variable this check cannot follow
    return listed


def apps(names):
    """The modules the named services build an app image of."""
    return sorted(services[name]["build"]["args"]["APP"] for name in names
                  if "APP" in services[name].get("build", {}).get("args", {}))


def tracked_text(path):
    p = Path(path)
    return p.read_text() if p.is_file() else ""


stages = set(re.findall(r"(?im)^FROM\s+\S+\s+AS\s+(\S+)", tracked_text("Dockerfile")))
dockerfile_args = set(re.findall(r"(?m)^ARG\s+(\w+)", tracked_text("Dockerfile")))
modules = set(re.findall(r"<module>([^<]+)</module>", tracked_text("pom.xml")))
# bench.sh's options and settings are read by redis-bench bench (module bench), which the script runs first.
bench_sh = "\n".join(tracked_text(str(p)) for p in
                      [Path("scripts/bench.sh"), *sorted(Path("bench/src/main/java").rglob("*.java"))])
properties_text = "\n".join(p.read_text() for p in Path(".").glob("*/src/main/resources/*.properties"))
readme = tracked_text("README.md")
for module in sorted(set(re.findall(r"(?m)^COPY --from=build /src/([\w-]+)/target/", tracked_text("Dockerfile")))):
    check(module in modules, f"Dockerfile: copies the jar of {module}, a module in pom.xml")
root = Path.cwd().resolve()

for name, service in sorted(services.items()):
    build = service.get("build")
    if build:
        context = Path(build["context"])
        check(context.resolve() == root, f"{name}: build context is the project")
        check((context / build.get("dockerfile", "Dockerfile")).is_file(), f"{name}: Dockerfile exists")
        check(build.get("target") in stages, f"{name}: target {build.get('target')} is a Dockerfile stage")
        args = build.get("args", {})
        for arg in args:
            check(arg in dockerfile_args, f"{name}: build arg {arg} is declared in the Dockerfile")
        if "APP" in args:
            check(args["APP"] in modules, f"{name}: APP={args['APP']} is a module in pom.xml")
        if args.get("APP") == "latency-proxy":
            listen = option_value(command_args(service), "--listen", "")
            check(listen.rpartition(":")[2] == str(args.get("PORT")),
                  f"{name}: the proxy listens on its PORT {args.get('PORT')}", listen)
            check(not service.get("ports"), f"{name}: publishes no port: only the compose network reaches it")
            target = option_value(command_args(service), "--target", "")
            redis_ports = {port_mapping(p)[1] for p in services["redis"].get("ports", [])}
            check(target.partition(":")[0] == "redis" and target.rpartition(":")[2] in redis_ports,
                  f"{name}: forwards by default to the redis service at the port it listens on", target)
            probe = " ".join(str(t) for t in service.get("healthcheck", {}).get("test", []))
            check(f"/{args.get('PORT')}" in probe, f"{name}: its healthcheck connects to its PORT", probe)
        elif "APP" in args:
            app = args["APP"]
            props = tracked_text(f"{app}/src/main/resources/application.properties")
            port = re.search(r"(?m)^server\.port=(\d+)", props)
            check(port is not None and port.group(1) == str(args.get("PORT")),
                  f"{name}: PORT={args.get('PORT')} is server.port in {app}'s application.properties")
            published = {port_mapping(p)[1] for p in service.get("ports", [])}
            check(published == {str(args.get("PORT"))}, f"{name}: publishes exactly its PORT {args.get('PORT')}")
    for volume in service.get("volumes", []):
        source = Path(volume.split(":")[0])
        relative = source.resolve().relative_to(root) if source.resolve().is_relative_to(root) else None
        # "dir/" so that a pattern for a folder that does not exist yet (results/) matches.
        ignored = relative is not None and subprocess.run(
            ["git", "check-ignore", "-q", f"{relative}/"]).returncode == 0
        check(relative is not None and (source.exists() or ignored),
              f"{name}: bind mount {source} is in the project (existing, or a git-ignored output)")
    for key in service.get("environment", {}):
        if key.startswith("SPRING_"):
            prop = key.lower().replace("_", ".")
            check(prop in properties_text or key in readme or prop in readme,
                  f"{name}: {key} is a property the apps define ({prop}) or the README documents")
        if name == "bench":
            check(re.search(r"\b" + key + r"\b", bench_sh) is not None, f"{name}: {key} is read by scripts/bench.sh")
    if name == "bench":
        for option in (c for c in service.get("command", []) if str(c).startswith("--")):
            check(re.search(re.escape(option) + r"\b", bench_sh) is not None,
                  f"{name}: option {option} is accepted by scripts/bench.sh")

redis_container_ports = {port_mapping(p)[1] for p in services["redis"].get("ports", [])}
for name, service in sorted(services.items()):
    environment = service.get("environment", {})
    if "SPRING_DATA_REDIS_HOST" in environment:
        check(environment["SPRING_DATA_REDIS_HOST"] == "redis"
              and str(environment.get("SPRING_DATA_REDIS_PORT")) in redis_container_ports,
              f"{name}: by default reaches the redis service at the port it listens on")

# Secrets go through the environment or standard input: ps shows a command line to every user of the box.
for name, service in sorted(services.items()):
    lines = (command_args(service, "entrypoint") + command_args(service)
             + [str(t) for t in service.get("healthcheck", {}).get("test", [])])
    check(not any(password in line for line in lines), f"{name}: the password is on no command line")

host_ports = [(port_mapping(p)[0], name) for name, service in services.items() for p in service.get("ports", [])]
for port, name in sorted(p for p in host_ports if p[0]):
    others = sorted(other for other_port, other in host_ports if other_port == port and other != name)
    check(not others, f"{name}: host port {port} is published by no other service", others)

# `docker-compose up` without a profile must start exactly what it started before the profiles existed.
profiled = {name for name, service in services.items() if service.get("profiles")}
for name, service in sorted(services.items()):
    if name not in profiled:
        needs = sorted(set(service.get("depends_on", {})) & profiled)
        check(not needs, f"{name}: a default service, needs no profile's service", needs)

cluster = {name: service for name, service in services.items() if "cluster" in service.get("profiles", [])}
nodes = {name: option_value(command_args(service), "--port", "6379") for name, service in cluster.items()
         if option_value(command_args(service), "--cluster-enabled") == "yes"}
node_addresses = sorted(f"{name}:{port}" for name, port in nodes.items())
check(len(nodes) >= 3, f"cluster profile: {len(nodes)} cluster-enabled nodes, at least the 3 masters "
      "redis-cli --cluster create needs")
for name in sorted(nodes):
    check("healthcheck" in cluster[name], f"{name}: has a healthcheck, which redis-cluster-init waits for")
    # A saved view of the cluster would outlive the container addresses it names.
    state = option_value(command_args(cluster[name]), "--cluster-config-file", "nodes.conf")
    tmpfs = [str(t).split(":")[0] for t in cluster[name].get("tmpfs", [])]
    check(any(state.startswith(t.rstrip("/") + "/") for t in tmpfs),
          f"{name}: its cluster-config-file is in a tmpfs, so it ends with the container", state)

check(apps(cluster) == apps(set(services) - profiled),
      f"cluster profile: runs the apps the default services run {apps(set(services) - profiled)}", apps(cluster))
inits = sorted(name for name, service in cluster.items() if "--cluster create" in " ".join(command_args(service)))
check(len(inits) == 1, "cluster profile: one service runs redis-cli --cluster create", inits)
for init in inits:
    environment = cluster[init].get("environment", {})
    created = created_nodes(cluster[init])
    check(sorted(created) == node_addresses, f"{init}: --cluster create gets exactly the nodes {node_addresses}",
          created)
    depends_on = cluster[init].get("depends_on", {})
    check(all(depends_on.get(name, {}).get("condition") == "service_healthy" for name in nodes),
          f"{init}: starts once every node is healthy")
    check("REDISCLI_AUTH" in environment, f"{init}: redis-cli gets the password through REDISCLI_AUTH")
for name, service in sorted(cluster.items()):
    environment = service.get("environment", {})
    if "SPRING_DATA_REDIS_CLUSTER_NODES" in environment:
        listed = str(environment["SPRING_DATA_REDIS_CLUSTER_NODES"]).split(",")
        check(sorted(listed) == node_addresses,
              f"{name}: SPRING_DATA_REDIS_CLUSTER_NODES is exactly the nodes {node_addresses}", listed)
        check(not {"SPRING_DATA_REDIS_HOST", "SPRING_DATA_REDIS_PORT"} & set(environment),
              f"{name}: reaches Redis through the cluster nodes only")
        check(all(service.get("depends_on", {}).get(init, {}).get("condition") == "service_completed_successfully"
                  for init in inits), f"{name}: starts once {', '.join(inits)} completed successfully")

header = raw_text.split("\nx-", 1)[0].split("\nservices:", 1)[0]
for variable in sorted(set(re.findall(r"(?<!\$)\$\{(\w+)", raw_text))):
    check(re.search(r"(?m)^#\s+" + variable + r"\b", header) is not None,
          f"${{{variable}}} is documented in docker-compose.yml's header")

# The redis service's own start-up script, run here as the container would run it (on a free port of
# loopback), with a password that a config file could mistake: it must take exactly that password.
script = command_args(services["redis"])[2].replace("$$", "$")
hostile = 'p"a\\ss #w\'rd\xe9'
with socket.socket() as probe:
    probe.bind(("127.0.0.1", 0))
    free = str(probe.getsockname()[1])
with tempfile.TemporaryDirectory() as data:
    redis = subprocess.Popen(["sh", "-c", script, "sh", "--port", free, "--bind", "127.0.0.1", "--dir", data],
                             env={"PATH": os.environ["PATH"], "REDIS_PASSWORD": hostile},
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        def ping(password):
            for _ in range(50):
                answer = subprocess.run(["redis-cli", "-p", free, "PING"], capture_output=True, text=True,
                                        env={"PATH": os.environ["PATH"], "REDISCLI_AUTH": password}, timeout=10)
                if answer.stdout.strip() == "PONG" or "AUTH" in answer.stdout + answer.stderr \
                        or "WRONGPASS" in answer.stdout + answer.stderr or redis.poll() is not None:
                    return answer.stdout.strip()
                subprocess.run(["sleep", "0.1"])
            return ""
        check(ping(hostile) == "PONG", "redis: its start-up script gives Redis exactly a password with a quote, "
              "backslash, space, '#' and a non-ASCII byte")
        check(ping(hostile[:-1]) != "PONG", "redis: and Redis refuses that password without its last byte")
    finally:
        redis.send_signal(signal.SIGTERM)
        redis.wait(timeout=15)

# The monitoring profile: every file it mounts is where the files that read it look.
def mounts(service):
    """Container path -> project path, relative, of a service's bind mounts."""
    found = {}
    for volume in service.get("volumes", []):
        source, target = volume.split(":")[:2]
        resolved_source = Path(source).resolve()
        found[target] = str(resolved_source.relative_to(root)) if resolved_source.is_relative_to(root) else source
    return found


def read_yaml(path):
    return yaml.safe_load(tracked_text(path)) or {}


prometheus, grafana = services.get("prometheus", {}), services.get("grafana", {})
config_path = option_value([a for c in command_args(prometheus) for a in c.split("=", 1)], "--config.file", "")
prometheus_mounts = mounts(prometheus)
check(prometheus_mounts.get(config_path) == "monitoring/prometheus.yml",
      f"prometheus: reads monitoring/prometheus.yml as its --config.file {config_path}", prometheus_mounts)
config = read_yaml("monitoring/prometheus.yml")
for job in config.get("scrape_configs", []):
    for sd in job.get("file_sd_configs", []):
        for pattern in sd.get("files", []):
            inside = str(Path(config_path).parent / pattern)
            mounted = next((f"{project}/{inside[len(target) + 1:]}" for target, project in prometheus_mounts.items()
                            if inside.startswith(target + "/")), None)
            check(mounted is not None and Path(mounted).is_file(),
                  f"prometheus: job {job['job_name']}'s targets {inside} are a mounted file of the project", mounted)
            for group in (read_yaml(mounted) if mounted else []):
                for target in group.get("targets", []):
                    host, _, port = target.rpartition(":")
                    serves = services.get(host, {})
                    if job["job_name"] == "apps":
                        ok = str(serves.get("build", {}).get("args", {}).get("PORT")) == port \
                            and job.get("metrics_path") == "/actuator/prometheus"
                        check(ok and "MANAGEMENT_METRICS_DISTRIBUTION_PERCENTILES_HTTP_SERVER_REQUESTS" in serves.get(
                            "environment", {}), f"prometheus: scrapes {target}, an app's /actuator/prometheus, "
                            "which publishes the p99 the dashboard draws")
                    else:
                        check(host == "redis-exporter" and port == "9121"
                              and "monitoring" in serves.get("profiles", []),
                              f"prometheus: scrapes {target}, the profile's redis_exporter on its port 9121")
exporter = services.get("redis-exporter", {}).get("environment", {})
check(exporter.get("REDIS_ADDR") == f"redis://redis:{sorted(redis_container_ports)[0]}"
      and "REDIS_PASSWORD" in exporter, "redis-exporter: reads the redis service, the password from its environment",
      exporter.get("REDIS_ADDR"))
grafana_mounts = mounts(grafana)
provisioning = {project: target for target, project in grafana_mounts.items()}
check("monitoring/grafana/provisioning" in provisioning and "monitoring/grafana/dashboards" in provisioning,
      "grafana: mounts monitoring/grafana/provisioning and monitoring/grafana/dashboards", grafana_mounts)
datasources = read_yaml("monitoring/grafana/provisioning/datasources/prometheus.yml").get("datasources", [])
prometheus_port = {port_mapping(p)[1] for p in prometheus.get("ports", [])}
check(len(datasources) == 1 and datasources[0].get("url") == f"http://prometheus:{sorted(prometheus_port)[0]}",
      "grafana: its datasource is the prometheus service at its port", datasources)
providers = read_yaml("monitoring/grafana/provisioning/dashboards/redis-bench.yml").get("providers", [])
check([p.get("options", {}).get("path") for p in providers] == [provisioning.get("monitoring/grafana/dashboards")],
      "grafana: its dashboard provider reads the dashboards where they are mounted", providers)
dashboard = json.loads(tracked_text("monitoring/grafana/dashboards/redis-bench.json"))
uids = {t.get("datasource", {}).get("uid") for p in dashboard["panels"] for t in [p] + p.get("targets", [])}
check(uids == {datasources[0].get("uid") if datasources else None},
      "grafana: every panel and query of the dashboard names the provisioned datasource", uids)

for name, service in sorted(services.items()):
    options = str(service.get("environment", {}).get("JAVA_TOOL_OPTIONS", ""))
    if "JAVA_TOOL_OPTIONS" in service.get("environment", {}):
        check("-Xmx512m" in options and "-Xms512m" in options,
              f"{name}: the apps' default heap is bench.sh's, -Xms512m -Xmx512m", options)
