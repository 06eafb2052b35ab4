#!/usr/bin/env bash
# Runs every test: unit and integration tests (each against a redis-server of its own).
set -euo pipefail
cd "$(dirname "$0")/.."

./mvnw -B verify
