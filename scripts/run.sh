#!/usr/bin/env bash
# `make run`: start both services locally with embedded defaults (no Redis,
# no keys) and print their base URLs. Ctrl-C stops everything.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .run
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup EXIT INT TERM

CI_PORT=${COMPANY_INTEL_PORT:-8080}
DQ_PORT=${DOMAIN_QUAL_PORT:-8081}

wait_http() { # url name
  for _ in $(seq 1 100); do
    if curl -fsS "$1" >/dev/null 2>&1; then return 0; fi
    sleep 0.1
  done
  echo "run: $2 did not answer at $1; see .run/$2.log" >&2
  exit 1
}

PORT=$CI_PORT ./bin/company-intel >.run/company-intel.log 2>&1 &
pids+=($!)
PORT=$DQ_PORT ./bin/domain-qual >.run/domain-qual.log 2>&1 &
pids+=($!)
wait_http "http://127.0.0.1:$CI_PORT/health" company-intel
wait_http "http://127.0.0.1:$DQ_PORT/api/health" domain-qual

cat <<MSG

intel402 is running (logs in .run/):
  company-intel  http://127.0.0.1:$CI_PORT   (health: /health, contract: /openapi.json)
  domain-qual    http://127.0.0.1:$DQ_PORT   (health: /api/health, contract: /openapi.json)

Press Ctrl-C to stop.
MSG
wait -n "${pids[@]}"
echo "run: a service exited; see .run/*.log" >&2
exit 1
