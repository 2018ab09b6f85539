#!/usr/bin/env bash
# `make burst`: N distinct companies asked at once of company-intel, on one
# and on two replicas, offline, on loopback only, counting what every
# provider receives. It
#   1. builds company-intel, fakeupstreams, loadgen and burst into
#      .run/burst/bin (bin/ is left alone);
#   2. starts its own redis-server on a free port (BURST_REDIS_PORT reuses
#      a Redis already there instead, which is never stopped), loadgen's
#      zero-latency checking facilitator and the fixture world
#      (fakeupstreams -control -latency BURST_LATENCY, 200ms: every
#      provider answer and website page takes that long; -exa unless
#      BURST_EXA=0; its call log, GET /calls, records when each provider
#      received each request);
#   3. for each replica count of BURST_REPLICAS ("1 2") and each N of
#      BURST_N ("1 4 8 13"): flushes the service's Redis DB
#      (BURST_REDIS_DB, 13: bundles, resolutions, shared caches and the
#      providers' rate keys; only that DB is touched), starts that many fresh company-intel
#      processes on one Redis, EGRESS_ID=burst, EXPECTED_REPLICAS = the
#      count, and runs bin/burst: N paid POST /v1/company/signals for N
#      distinct companies of the world (BURST_COMPANIES, 13 that resolve),
#      all sent at the same instant, alternating between the replicas; the
#      call log is reset just before and read 1 s after the last answer;
#      then stops the replicas. Last, with two replicas, the same company
#      asked on both at once (one research cluster-wide is expected: its
#      provider calls against one request's);
#   4. prints per run p50/p99 latency, the share of 200s with meta.partial
#      true, and per provider its calls and its peak within any window of
#      its limit period (1 s; 5 s for GDELT) less BURST_SLACK (50ms) of
#      arrival jitter against what its configured rate and burst allow;
#      one JSON line per run goes to .run/burst/results.jsonl.
# It exits non-zero when a provider received more than its limit allows,
# a request failed with a 5xx other than a documented 503, a payment was
# refused or a request got no answer. Bounded by BURST_TIMEOUT seconds
# (600); every process it started is stopped on exit, failure, timeout and
# Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."

limit=${BURST_TIMEOUT:-600}
if [[ -z ${BURST_BOUNDED:-} ]]; then
  # On time-out the script gets TERM and its EXIT trap stops what it started.
  BURST_BOUNDED=1 exec timeout --foreground -k 30 "$limit" bash scripts/burst.sh "$@"
fi

latency=${BURST_LATENCY:-200ms}
read -r -a sizes <<<"${BURST_N:-1 4 8 13}"
read -r -a replica_counts <<<"${BURST_REPLICAS:-1 2}"
exa=${BURST_EXA:-1}
slack=${BURST_SLACK:-50ms}
db=${BURST_REDIS_DB:-13}
# Thirteen distinct companies of the fixture world that resolve by domain
# (sourcetest.World; fakeupstreams lists them): asked alone, each of the
# first twelve is a complete 200; the thirteenth's site is down in the
# world, so its answer is partial even alone.
default_companies="northwind-robotics.com acme-analytics.com contoso-drones.com fabrikam-medical.com
  woodgrove-payments.com litware-security.com tailspin-freight.com adventureworks-cycles.com proseware-learning.com
  larkspur-rota.com quillon-systems.com mercury-labs.com wingtip-outdoor.com"
read -r -a companies <<<"$(tr -s ' \n' '  ' <<<"${BURST_COMPANIES:-$default_companies}")"
dir=.run/burst
bindir=$dir/bin
rm -rf "$dir"
mkdir -p "$bindir"
results=$dir/results.jsonl
: >"$results"

who=burst
source scripts/lib.sh

for n in "${sizes[@]}"; do
  [[ $n =~ ^[1-9][0-9]*$ ]] || { echo "burst: BURST_N: $n is not a positive count" >&2; exit 2; }
  ((n <= ${#companies[@]})) || { echo "burst: N=$n but only ${#companies[@]} companies (BURST_COMPANIES)" >&2; exit 2; }
done
for r in "${replica_counts[@]}"; do
  [[ $r == 1 || $r == 2 ]] || { echo "burst: BURST_REPLICAS: $r is not 1 or 2" >&2; exit 2; }
done

pids=()
redis_port=${BURST_REDIS_PORT:-}
redis_started=
cleanup() {
  local rc=$?
  set +e
  trap - EXIT INT TERM
  stop_pids
  if [[ -z $redis_started && -n $redis_port ]] && redis-cli -p "$redis_port" ping >/dev/null 2>&1; then
    redis-cli -p "$redis_port" -n "$db" flushdb >/dev/null 2>&1
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'echo "burst: stopped (timeout or TERM)" >&2; exit 143' TERM

require_tools redis-cli redis-server jq python3 curl

build_bench "$bindir"
CGO_ENABLED=0 go build -trimpath -o "$bindir/burst" ./services/company-intel/cmd/burst

unset_service_env
unset EGRESS_ID EXPECTED_REPLICAS RESEARCH_TIMEOUT UPSTREAM_TIMEOUT EVIDENCE_TTL UPSTREAM_REQUEST_BUDGET_USD \
  UPSTREAM_DAILY_BUDGET_USD

# Redis: our own on a free port unless BURST_REDIS_PORT names one.
if [[ -z $redis_port ]]; then
  redis_port=$(free_port)
  redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no >"$dir/redis.log" 2>&1 &
  pids+=($!)
  redis_started=1
  for _ in $(seq 1 50); do redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break; sleep 0.1; done
fi
redis-cli -p "$redis_port" ping >/dev/null || { echo "burst: no Redis answers on :$redis_port" >&2; exit 1; }
redis-cli -p "$redis_port" -n "$db" flushdb >/dev/null

# The zero-latency checking facilitator.
start_facilitator "$bindir" "$dir"

# The fixture world with its call log on the control address.
CTL_PORT=$(free_port)
CTL=http://127.0.0.1:$CTL_PORT
world_flags=(-env-file "$dir/world.env" -control "127.0.0.1:$CTL_PORT" -latency "$latency")
[[ $exa == 0 ]] || world_flags+=(-exa)
"$bindir/fakeupstreams" "${world_flags[@]}" >/dev/null 2>"$dir/fakeupstreams.log" &
pids+=($!)
for _ in $(seq 1 100); do [[ -s $dir/world.env ]] && break; sleep 0.1; done
[[ -s $dir/world.env ]] || { cat "$dir/fakeupstreams.log" >&2; echo "burst: fakeupstreams wrote no env file" >&2; exit 1; }
wait_http "$CTL/calls" "$dir/fakeupstreams.log"

PAY_TO=0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC # anvil's public test account #2 (dev payee)
replica_pids=()
targets=()

# start_replicas COUNT LABEL: a flushed DB, then COUNT fresh company-intel
# processes sharing it (cold in-process caches and limiters every run).
start_replicas() {
  local count=$1 label=$2 i port
  redis-cli -p "$redis_port" -n "$db" flushdb >/dev/null
  targets=()
  for ((i = 1; i <= count; i++)); do
    port=$(free_port)
    (
      set -a
      # shellcheck disable=SC1091
      . "$dir/world.env"
      set +a
      exec env PORT="$port" LISTEN_HOST=127.0.0.1 REDIS_URL="redis://127.0.0.1:$redis_port/$db" \
        X402_FACILITATOR_URL="$FAC" X402_PAY_TO=$PAY_TO EGRESS_ID=burst EXPECTED_REPLICAS="$count" \
        "$bindir/company-intel"
    ) >"$dir/company-intel-$label-$i.log" 2>&1 &
    pids+=($!)
    replica_pids+=($!)
    targets+=("http://127.0.0.1:$port")
  done
  for ((i = 1; i <= count; i++)); do
    wait_http "${targets[i - 1]}/health" "$dir/company-intel-$label-$i.log"
  done
}

# stop_replicas: stop the replicas of the run and forget their pids.
stop_replicas() {
  local p q keep
  for p in "${replica_pids[@]}"; do
    kill "$p" 2>/dev/null || true
    wait "$p" 2>/dev/null || true
    keep=()
    for q in "${pids[@]}"; do [[ $q == "$p" ]] || keep+=("$q"); done
    pids=("${keep[@]}")
  done
  replica_pids=()
}

# run_burst LABEL REPLICAS COMPANY...: one burst on fresh replicas.
run_burst() {
  local label=$1 count=$2
  shift 2
  start_replicas "$count" "$label"
  echo "burst: $label: $# requests at once on $count replica(s)" >&2
  "$bindir/burst" -targets "$(IFS=,; echo "${targets[*]}")" -companies "$(IFS=,; echo "$*")" -calls "$CTL" \
    -slack "$slack" -label "$label" -timeout 90s >"$dir/$label.json" 2>"$dir/$label.summary" ||
    { cat "$dir/$label.summary" >&2; echo "burst: $label: bin/burst failed" >&2; exit 1; }
  curl -fsS -m 5 "$CTL/calls" >"$dir/$label.calls.json" # the raw call log, kept for reading
  stop_replicas
  # The sources research reported failed (meta.partial), from the replicas' logs.
  local failed
  failed=$(cat "$dir/company-intel-$label-"*.log | jq -R -c 'fromjson? // empty | select(.msg == "evidence source failed")
    | "\(.source) \(.kind)"' | jq -s -c 'group_by(.) | map({key: .[0], value: length}) | from_entries')
  jq -c --argjson f "$failed" '. + {source_failures: $f}' "$dir/$label.json" >>"$results"
  cat "$dir/$label.summary" >&2
  [[ $failed == "{}" ]] || echo "  sources failed: $failed" >&2
}

for r in "${replica_counts[@]}"; do
  for n in "${sizes[@]}"; do
    run_burst "r$r-n$n" "$r" "${companies[@]:0:n}"
  done
done
# The same company on both replicas at once.
if [[ " ${replica_counts[*]} " == *" 2 "* ]]; then
  run_burst same-r2 2 "${companies[0]}" "${companies[0]}"
fi

echo
echo "$(date -u +%F), $(nproc) CPUs, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1);" \
  "every provider answer and website page +$latency; Exa $([[ $exa == 0 ]] && echo off || echo on); slack $slack"
python3 - "$results" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
runs = [r for r in rows if r["label"] != "same-r2"]
same = next((r for r in rows if r["label"] == "same-r2"), None)
order = [p["provider"] for p in rows[0]["providers"]] if rows else []
limits = {p["provider"]: (p.get("limit") or "none", p.get("allowed", 0), p["window_s"]) for r in rows for p in r["providers"]}

def others(r):
    return ", ".join(f"{k}: {v}" for k, v in sorted(r["statuses"].items()) if k != "200") or "-"

print()
def failed(r):
    return ", ".join(f"{k}: {v}" for k, v in sorted(r.get("source_failures", {}).items())) or "-"

print("| Replicas | N | p50 s | p99 s | 200 | Partial (of the 200s) | Other answers | Sources failed | Provider calls | Limits |")
print("|---|---|---|---|---|---|---|---|---|---|")
for r in runs:
    over = [p["provider"] for p in r["providers"] if p["verdict"] == "EXCEEDED"]
    print(f'| {r["replicas"]} | {r["n"]} | {r["p50_ms"] / 1e3:.2f} | {r["p99_ms"] / 1e3:.2f} | {r["ok"]} | '
          f'{r["partial"]} ({r["partial_pct"]:.0f}%) | {others(r)} | {failed(r)} | {r["calls"]} | '
          f'{"EXCEEDED: " + ", ".join(over) if over else "OK"} |')
print()
print("Calls per provider; in brackets the peak within one window of its limit period against what its limit allows,")
print("and when the last call arrived after the burst started:")
print()
print("| Replicas | N | " + " | ".join(order) + " |")
print("|---|---|" + "---|" * len(order))
lim = []
for p in order:
    l, allowed, w = limits[p]
    lim.append(f"{l} ({allowed}/{w:g}s)" if l != "none" else "none")
print("| limit | | " + " | ".join(lim) + " |")
for r in runs:
    st = {p["provider"]: p for p in r["providers"]}
    cells = []
    for p in order:
        s = st[p]
        last = f', {s["last_s"]:.1f} s' if s["calls"] else ""
        if s.get("limit"):
            mark = "" if s["verdict"] == "OK" else " EXCEEDED"
            cells.append(f'{s["calls"]} ({s["peak"]}/{s["allowed"]}{last}){mark}')
        else:
            cells.append(f'{s["calls"]} ({s["peak"]}/1s{last})')
    print(f'| {r["replicas"]} | {r["n"]} | ' + " | ".join(cells) + " |")
if same:
    one = next((r for r in runs if r["replicas"] == 2 and r["n"] == 1), None) or \
          next((r for r in runs if r["n"] == 1), None)
    print()
    a, b = same["requests"]
    print(f'The same company ({a["company"]}) on both replicas at once: {a["ms"] / 1e3:.2f} s and {b["ms"] / 1e3:.2f} s, '
          f'{", ".join(f"{k}: {v}" for k, v in sorted(same["statuses"].items()))}; {same["calls"]} provider calls'
          + (f' (one request alone, {one["replicas"]} replica(s): {one["calls"]})' if one else "") + ".")
    if one:
        sc = {p["provider"]: p["calls"] for p in same["providers"]}
        oc = {p["provider"]: p["calls"] for p in one["providers"]}
        print("  " + ", ".join(f"{p} {sc.get(p, 0)} vs {oc.get(p, 0)}" for p in order if sc.get(p, 0) or oc.get(p, 0)))
bad = [(r["label"], v) for r in rows for v in r["violations"]]
if bad:
    print("\nVIOLATIONS:")
    for label, v in bad:
        print(f"  {label}: {v}")
    sys.exit(1)
print("\nno provider over its limit, no 5xx but documented 503s, every payment accepted")
PY
