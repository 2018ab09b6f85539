#!/usr/bin/env bash
# `make load`: paid, cached-HIT throughput and latency of each service versus
# a bare echo handler returning the same bytes, and the service's RSS under
# that load, on this machine, offline. It
#   1. builds company-intel, domain-qual, fakeupstreams and loadgen into
#      .run/load/bin (its own copies: bin/ is left alone);
#   2. starts loadgen's zero-latency facilitator (x402test.CheckingFacilitator
#      over HTTP: real EIP-712 signature checks, instant fake settlement), the
#      fixture world (fakeupstreams: company-intel's upstreams and the DNS
#      server domain-qual resolves with), and redis-server on :6379 unless one
#      answers there (a Redis it did not start is never stopped);
#   3. starts both services on that stack with REDIS_URL on their own DB
#      numbers (LOAD_REDIS_DB_CI 14, LOAD_REDIS_DB_DQ 15; only those two are
#      flushed, before and after);
#   4. per operation: pays one call (MISS), pays it again (HIT; that body is
#      what the bare handler answers), then loads the paid HIT route for
#      LOAD_DURATION (10s) at each concurrency of LOAD_CONCURRENCY ("8 16 32")
#      with a fresh EIP-3009 authorization per request, keeps the best, loads
#      it once more at LOAD_LOW_CONCURRENCY (1; 0 skips it) for the latency
#      below saturation, and loads the bare handler (an echo server answering
#      the same bytes and content type to the same request) at the best
#      concurrency;
#   5. prints the tables (throughput, latency, max RSS of the service during
#      the run, CPU time per request of the service, the facilitator, Redis
#      and the load generator); the JSON reports are in .run/load/results.jsonl.
#
# Authorizations are signed before each run (LOAD_PRESIGN, 40000, per run;
# 0 = sign inline in the workers) so that the client's signing does not
# compete with the service for the cores during the measurement; sign_us in
# the reports is that cost. The load generator, the facilitator and Redis
# still run on the same cores as the service. The whole run is bounded by
# LOAD_TIMEOUT seconds (900); every process it started is stopped on exit,
# failure, timeout and Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."

limit=${LOAD_TIMEOUT:-900}
if [[ -z ${LOAD_BOUNDED:-} ]]; then
  # On time-out the script gets TERM and its EXIT trap stops what it started
  # (once the command in progress, at most one load run, has returned).
  LOAD_BOUNDED=1 exec timeout --foreground -k 60 "$limit" bash scripts/load.sh "$@"
fi

duration=${LOAD_DURATION:-10s}
read -r -a levels <<<"${LOAD_CONCURRENCY:-8 16 32}"
presign=${LOAD_PRESIGN:-40000}
low=${LOAD_LOW_CONCURRENCY:-1}
db_ci=${LOAD_REDIS_DB_CI:-14}
db_dq=${LOAD_REDIS_DB_DQ:-15}
redis_port=6379
dir=.run/load
bindir=$dir/bin
rm -rf "$dir"
mkdir -p "$bindir"
results=$dir/results.jsonl
: >"$results"

who=load
source scripts/lib.sh

pids=()
redis_started=
cleanup() {
  local rc=$?
  set +e
  trap - EXIT INT TERM
  stop_pids
  if [[ -z $redis_started ]] && redis-cli -p "$redis_port" ping >/dev/null 2>&1; then
    redis-cli -p "$redis_port" -n "$db_ci" flushdb >/dev/null 2>&1
    redis-cli -p "$redis_port" -n "$db_dq" flushdb >/dev/null 2>&1
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'echo "load: stopped (timeout or TERM)" >&2; exit 143' TERM

require_tools redis-cli redis-server jq python3 curl

build_bench "$bindir"

unset_service_env

# Redis: reuse one that answers on :6379, else start one (stopped on exit).
if ! redis-cli -p "$redis_port" ping >/dev/null 2>&1; then
  redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no >"$dir/redis.log" 2>&1 &
  pids+=($!)
  redis_started=1
  for _ in $(seq 1 50); do redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break; sleep 0.1; done
fi
redis-cli -p "$redis_port" -n "$db_ci" flushdb >/dev/null
redis-cli -p "$redis_port" -n "$db_dq" flushdb >/dev/null
redis_pid=$(redis-cli -p "$redis_port" info server | tr -d '\r' | sed -n 's/^process_id://p')
[[ -r /proc/${redis_pid:-0}/stat ]] || redis_pid= # e.g. a Redis in a container

# The zero-latency checking facilitator.
start_facilitator "$bindir" "$dir"

# The fixture world (upstreams, websites, DNS).
"$bindir/fakeupstreams" -env-file "$dir/world.env" >/dev/null 2>"$dir/fakeupstreams.log" &
pids+=($!)
for _ in $(seq 1 100); do [[ -s $dir/world.env ]] && break; sleep 0.1; done
[[ -s $dir/world.env ]] || { cat "$dir/fakeupstreams.log" >&2; echo "load: fakeupstreams wrote no env file" >&2; exit 1; }

PAY_TO=0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC # anvil's public test account #2 (dev payee)
CI_PORT=$(free_port)
DQ_PORT=$(free_port)
start_service() { # name port db
  (
    set -a
    # shellcheck disable=SC1091
    . "$dir/world.env"
    set +a
    PORT=$2 LISTEN_HOST=127.0.0.1 REDIS_URL=redis://127.0.0.1:$redis_port/$3 \
      X402_FACILITATOR_URL=$FAC X402_PAY_TO=$PAY_TO exec "$bindir/$1"
  ) >"$dir/$1.log" 2>&1 &
  pids+=($!)
}
start_service company-intel "$CI_PORT" "$db_ci"
ci_pid=${pids[-1]}
start_service domain-qual "$DQ_PORT" "$db_dq"
dq_pid=${pids[-1]}
wait_http "http://127.0.0.1:$CI_PORT/health" "$dir/company-intel.log"
wait_http "http://127.0.0.1:$DQ_PORT/api/health" "$dir/domain-qual.log"

# measure NAME PID METHOD PATH BODY BASEURL: MISS, HIT, paid load per
# concurrency, bare load at the best one; appends the reports to $results.
measure() {
  local name=$1 pid=$2 method=$3 path=$4 body=$5 base=$6
  local req=(-method "$method" -body "$body")
  local cap
  cap=$("$bindir/loadgen" -capture "$dir/$name.miss" -target "$base$path" "${req[@]}" -pay)
  [[ $(jq -r .status <<<"$cap") == 200 ]] || { echo "load: $name first paid call: $cap" >&2; exit 1; }
  cap=$("$bindir/loadgen" -capture "$dir/$name.body" -target "$base$path" "${req[@]}" -pay)
  [[ $(jq -r '.status, .cache' <<<"$cap" | paste -sd' ') == "200 HIT" ]] ||
    { echo "load: $name second paid call is not a 200 HIT: $cap" >&2; exit 1; }
  local ctype
  ctype=$(jq -r .content_type <<<"$cap")
  echo "load: $name: $(jq -r .bytes <<<"$cap") bytes, $ctype; idle RSS $(awk '/VmRSS/ {print $2, $3}' "/proc/$pid/status")" >&2

  local best= best_rps=-1 out rps c
  for c in "${levels[@]}"; do
    out=$("$bindir/loadgen" -target "$base$path" "${req[@]}" -pay -presign "$presign" \
      -concurrency "$c" -duration "$duration" -rss-pid "$pid" -cpu "service=$pid,facilitator=$fac_pid${redis_pid:+,redis=$redis_pid}")
    echo "$out" | jq -c --arg s "$name" --arg k paid '{service: $s, kind: $k} + .' >>"$results"
    echo "load: $name paid c=$c: $(jq -c '{rps, p50_ms, p99_ms, requests, non2xx, errors, hits, sign_us, max_rss_kb, pool_exhausted, cpu_us_per_req}' <<<"$out")" >&2
    rps=$(jq -r .rps <<<"$out")
    if python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) > float(sys.argv[2]) else 1)" "$rps" "$best_rps"; then
      best=$c best_rps=$rps
    fi
  done

  # The latency of a paid HIT when the machine is not saturated.
  if [[ -n $low && $low != 0 ]]; then
    out=$("$bindir/loadgen" -target "$base$path" "${req[@]}" -pay -presign "$presign" \
      -concurrency "$low" -duration "$duration" -rss-pid "$pid" -cpu "service=$pid,facilitator=$fac_pid${redis_pid:+,redis=$redis_pid}")
    echo "$out" | jq -c --arg s "$name" --arg k paid-low '{service: $s, kind: $k} + .' >>"$results"
    echo "load: $name paid c=$low: $(jq -c '{rps, p50_ms, p99_ms, requests, non2xx, errors, hits, cpu_us_per_req}' <<<"$out")" >&2
  fi

  "$bindir/loadgen" -bare-listen 127.0.0.1:0 -bare-body "$dir/$name.body" -bare-content-type "$ctype" \
    >"$dir/bare-$name.log" 2>&1 &
  pids+=($!)
  local bare_pid=$! bare
  bare=http://$(listening "$dir/bare-$name.log")
  out=$("$bindir/loadgen" -target "$bare$path" "${req[@]}" -concurrency "$best" -duration "$duration" -rss-pid "$bare_pid" \
    -cpu "service=$bare_pid")
  echo "$out" | jq -c --arg s "$name" --arg k bare '{service: $s, kind: $k} + .' >>"$results"
  echo "load: $name bare c=$best: $(jq -c '{rps, p50_ms, p99_ms, requests, non2xx, errors, max_rss_kb, cpu_us_per_req}' <<<"$out")" >&2
  kill "$bare_pid" 2>/dev/null || true
  echo "$name $best" >>"$dir/best"
}

measure company-intel "$ci_pid" POST /v1/company/signals '{"company":"northwind-robotics.com","lookbackDays":90}' \
  "http://127.0.0.1:$CI_PORT"
measure domain-qual "$dq_pid" GET '/api/v1/domain/classify?domain=northwind-robotics.com' '' \
  "http://127.0.0.1:$DQ_PORT"

echo
echo "$(nproc) CPUs, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1); ${duration} per run, paid concurrency tried: ${levels[*]}"
python3 - "$results" "$dir/best" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
best = dict(l.split() for l in open(sys.argv[2]))
ops = {"company-intel": "POST /v1/company/signals", "domain-qual": "GET /api/v1/domain/classify"}
print("| Service | Operation | Conc. | Paid rps | p50 ms | p99 ms | Bare rps | p50 ms | p99 ms | Paid/bare | Max RSS | HIT |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|")
cpu = []
for svc, c in best.items():
    c = int(c)
    paid = next(r for r in rows if r["service"] == svc and r["kind"] == "paid" and r["concurrency"] == c)
    bare = next(r for r in rows if r["service"] == svc and r["kind"] == "bare")
    ok = paid["requests"] - paid["errors"] - paid["non2xx"]
    print(f'| {svc} | `{ops[svc]}` | {c} | {paid["rps"]:.0f} | {paid["p50_ms"]:.2f} | {paid["p99_ms"]:.2f} | '
          f'{bare["rps"]:.0f} | {bare["p50_ms"]:.2f} | {bare["p99_ms"]:.2f} | {paid["rps"] / bare["rps"]:.1%} | '
          f'{paid["max_rss_kb"] / 1024:.0f} MiB | {paid["hits"]}/{ok} |')
    pc, bc = paid.get("cpu_us_per_req", {}), bare.get("cpu_us_per_req", {})
    cpu.append(f'| {svc} | {pc.get("service", "?")} | {bc.get("service", "?")} | {pc.get("facilitator", "?")} | '
               f'{pc.get("redis", "?")} | {pc.get("loadgen", "?")} | {bc.get("loadgen", "?")} | {paid.get("sign_us", 0):.0f} |')
low = [r for r in rows if r["kind"] == "paid-low"]
if low:
    print()
    print("Paid HIT latency below saturation:")
    print()
    print("| Service | Conc. | Paid rps | p50 ms | p90 ms | p99 ms |")
    print("|---|---|---|---|---|---|")
    for r in low:
        print(f'| {r["service"]} | {r["concurrency"]} | {r["rps"]:.0f} | {r["p50_ms"]:.2f} | {r["p90_ms"]:.2f} | {r["p99_ms"]:.2f} |')
print()
print("CPU time per request (µs, user+system, over the measured run at that concurrency):")
print()
print("| Service | service, paid | bare handler | facilitator | redis | loadgen, paid | loadgen, bare | signing (before the run) |")
print("|---|---|---|---|---|---|---|---|")
print("\n".join(cpu))
bad = [r for r in rows if r["errors"] or r["non2xx"] or (r["kind"] != "bare" and r["hits"] != r["requests"])]
for r in bad:
    print(f'warning: {r["service"]} {r["kind"]} c={r["concurrency"]}: {r["errors"]} errors, {r["non2xx"]} non-2xx, '
          f'{r["hits"]}/{r["requests"]} HIT {r.get("first_error", "")}', file=sys.stderr)
sys.exit(1 if bad else 0)
PY
