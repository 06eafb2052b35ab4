#!/usr/bin/env bash
# CI check of docker-compose.yml without a Docker engine: `docker-compose config` must accept the file, and
# every path, port and variable it names must exist in the project, so that the file cannot silently drift
# from the code (a renamed module, a changed port, a bench.sh option or variable that no longer exists).
set -euo pipefail

usage() {
	cat <<'EOF'
Usage: scripts/test-compose.sh

Validates docker-compose.yml with `docker-compose config` (Debian: apt-get install docker-compose, which
also brings python3-yaml) and checks it against the project:
  - build contexts, the Dockerfile, its target stages, and the modules named by the APP build args exist;
  - each app's PORT build arg, published port and server.port in its application.properties agree;
  - bind-mounted host paths exist or are git-ignored outputs (results/);
  - Spring properties set through the environment exist in the project, variables and options given to
    the bench client are read by scripts/bench.sh, and every ${VARIABLE} the file reads from the
    host is documented in its header.
Needs no Docker engine and no network. Prints "N passed, N failed".
EOF
}
case ${1:-} in -h | --help)
	usage
	exit 0
	;;
esac

cd "$(dirname "$0")/.."
command -v docker-compose >/dev/null || {
	echo "test-compose: docker-compose not found (Debian: apt-get install docker-compose)" >&2
	exit 1
}

failed=0
if env -u REDIS_PASSWORD docker-compose -f docker-compose.yml config -q 2>/dev/null; then
	echo "FAIL config accepted without REDIS_PASSWORD: Redis would run without a password"
	failed=1
else
	echo "ok   config refuses to run without REDIS_PASSWORD"
fi
# A fixed environment, so that variables set on this machine do not change what is checked.
resolved=$(env -i PATH="$PATH" REDIS_PASSWORD=ci-check docker-compose -f docker-compose.yml config) || {
	echo "FAIL docker-compose config rejects docker-compose.yml"
	echo "0 passed, 1 failed"
	exit 1
}
echo "ok   docker-compose config"

RESOLVED=$resolved python3 - "$failed" <<'PY'
import os, re, subprocess, sys
from pathlib import Path

import yaml

raw_text = Path("docker-compose.yml").read_text()
resolved = yaml.safe_load(os.environ["RESOLVED"])
services = resolved["services"]
passed, failed = 1, int(sys.argv[1])  # docker-compose config, counted by the shell


def check(ok, what):
    global passed, failed
    print(("ok   " if ok else "FAIL ") + what)
    if ok:
        passed += 1
    else:
        failed += 1


def tracked_text(path):
    p = Path(path)
    return p.read_text() if p.is_file() else ""


stages = set(re.findall(r"(?im)^FROM\s+\S+\s+AS\s+(\S+)", tracked_text("Dockerfile")))
dockerfile_args = set(re.findall(r"(?m)^ARG\s+(\w+)", tracked_text("Dockerfile")))
modules = set(re.findall(r"<module>([^<]+)</module>", tracked_text("pom.xml")))
bench_sh = tracked_text("scripts/bench.sh")
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
            app = args["APP"]
            check(app in modules, f"{name}: APP={app} is a module in pom.xml")
            props = tracked_text(f"{app}/src/main/resources/application.properties")
            port = re.search(r"(?m)^server\.port=(\d+)", props)
            check(port is not None and port.group(1) == str(args.get("PORT")),
                  f"{name}: PORT={args.get('PORT')} is server.port in {app}'s application.properties")
            published = {str(p).split(":")[-1].split("/")[0] for p in service.get("ports", [])}
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
            check(prop in properties_text or key in readme,
                  f"{name}: {key} is a property the apps define ({prop}) or the README documents")
        if name == "bench":
            check(re.search(r"\b" + key + r"\b", bench_sh) is not None, f"{name}: {key} is read by scripts/bench.sh")
    if name == "bench":
        for option in (c for c in service.get("command", []) if str(c).startswith("--")):
            check(re.search(re.escape(option) + r"\b", bench_sh) is not None,
                  f"{name}: option {option} is accepted by scripts/bench.sh")

redis_container_ports = {str(p).split("/")[0].split(":")[-1] for p in services["redis"].get("ports", [])}
for name, service in sorted(services.items()):
    environment = service.get("environment", {})
    if "SPRING_DATA_REDIS_HOST" in environment:
        check(environment["SPRING_DATA_REDIS_HOST"] == "redis"
              and str(environment.get("SPRING_DATA_REDIS_PORT")) in redis_container_ports,
              f"{name}: by default reaches the redis service at the port it listens on")

header = raw_text.split("\nx-", 1)[0].split("\nservices:", 1)[0]
for variable in sorted(set(re.findall(r"(?<!\$)\$\{(\w+)", raw_text))):
    check(re.search(r"(?m)^#\s+" + variable + r"\b", header) is not None,
          f"${{{variable}}} is documented in docker-compose.yml's header")

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
PY
