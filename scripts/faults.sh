#!/usr/bin/env bash
# `make faults`: paid traffic against both services while faults are
# injected, offline, on loopback only. It
#   1. builds company-intel, domain-qual, fakeupstreams and loadgen into
#      .run/faults/bin (bin/ is left alone);
#   2. starts its own redis-server on a free port (never another Redis),
#      loadgen's zero-latency checking facilitator (with its ledger: every
#      settle call per (payer, nonce), a second settle of one authorization
#      refused as a chain would, GET /ledger), the fixture world
#      (fakeupstreams -control: run-time DNS and upstream faults) and both
#      services on them (company-intel with RESEARCH_TIMEOUT 4s and
#      UPSTREAM_TIMEOUT 2s so that slow upstreams end the run quickly);
#   3. runs the scenarios with loadgen (closed loop, a fresh EIP-3009
#      authorization per request, every request recorded):
#        redis      cached paid HITs on both services (FAULTS_CONCURRENCY
#                   workers each, every 10th request of a worker replaying
#                   its previous authorization) for 20 s; Redis is killed
#                   (SIGKILL) at 5 s and restarted empty at 12 s;
#        dns        domain-qual classify of uncached domains while the
#                   world's DNS answers SERVFAIL, then times out;
#        upstreams  company-intel signals for uncached companies while every
#                   provider fake and website answers 429, then 503, then
#                   slowly (6 s, over UPSTREAM_TIMEOUT);
#   4. checks, per scenario: no 5xx but the documented 502/503/504
#      envelopes (error.code checked on every non-2xx); every 200 settled
#      (its authorization in the ledger); every settlement a 200 of the
#      scenario; no authorization settled twice or delivered twice; and
#      prints a summary table per scenario. It exits 1 when an invariant is
#      violated.
# Bounded by FAULTS_TIMEOUT seconds (300); every process it started is
# stopped on exit, failure, timeout and Ctrl-C. Reports: .run/faults/.
set -euo pipefail
cd "$(dirname "$0")/.."

limit=${FAULTS_TIMEOUT:-300}
if [[ -z ${FAULTS_BOUNDED:-} ]]; then
  FAULTS_BOUNDED=1 exec timeout --foreground -k 30 "$limit" bash scripts/faults.sh "$@"
fi

conc=${FAULTS_CONCURRENCY:-4} # per service in the redis scenario; 2x this in the others
dir=.run/faults
bindir=$dir/bin
rm -rf "$dir"
mkdir -p "$bindir"

who=faults
source scripts/lib.sh

pids=()
cleanup() {
  local rc=$?
  set +e
  trap - EXIT INT TERM
  stop_pids
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'echo "faults: stopped (timeout or TERM)" >&2; exit 143' TERM

require_tools redis-cli redis-server jq python3 curl

build_bench "$bindir"

now_ms() { date +%s%3N; }

unset_service_env

# Our own Redis on a free port.
redis_port=$(free_port)
redis_pid=
start_redis() {
  redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no >>"$dir/redis.log" 2>&1 &
  redis_pid=$!
  pids+=("$redis_pid")
  for _ in $(seq 1 50); do redis-cli -p "$redis_port" ping >/dev/null 2>&1 && return 0; sleep 0.1; done
  echo "faults: redis-server did not start on :$redis_port" >&2
  exit 1
}
start_redis

start_facilitator "$bindir" "$dir"

CTL_PORT=$(free_port)
CTL=http://127.0.0.1:$CTL_PORT
"$bindir/fakeupstreams" -env-file "$dir/world.env" -control "127.0.0.1:$CTL_PORT" >/dev/null 2>"$dir/fakeupstreams.log" &
pids+=($!)
for _ in $(seq 1 100); do [[ -s $dir/world.env ]] && break; sleep 0.1; done
[[ -s $dir/world.env ]] || { cat "$dir/fakeupstreams.log" >&2; echo "faults: fakeupstreams wrote no env file" >&2; exit 1; }
wait_http "$CTL/state" "$dir/fakeupstreams.log"
control() { curl -fsS -m 2 -X POST "$CTL/$1" >/dev/null; }

PAY_TO=0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC # anvil's public test account #2 (dev payee)
CI_PORT=$(free_port)
DQ_PORT=$(free_port)
start_service() { # name port db [VAR=value...]
  local name=$1 port=$2 db=$3
  shift 3
  (
    set -a
    # shellcheck disable=SC1091
    . "$dir/world.env"
    set +a
    env PORT="$port" LISTEN_HOST=127.0.0.1 REDIS_URL="redis://127.0.0.1:$redis_port/$db" \
      X402_FACILITATOR_URL="$FAC" X402_PAY_TO=$PAY_TO "$@" "$bindir/$name"
  ) >"$dir/$name.log" 2>&1 &
  pids+=($!)
}
start_service company-intel "$CI_PORT" 1 RESEARCH_TIMEOUT=4s UPSTREAM_TIMEOUT=2s
start_service domain-qual "$DQ_PORT" 2
CI=http://127.0.0.1:$CI_PORT
DQ=http://127.0.0.1:$DQ_PORT
wait_http "$CI/health" "$dir/company-intel.log"
wait_http "$DQ/api/health" "$dir/domain-qual.log"

CI_PATH=/v1/company/signals
CI_BODY='{"company":"northwind-robotics.com","lookbackDays":90}'
DQ_PATH='/api/v1/domain/classify?domain=northwind-robotics.com'
ledger() { curl -fsS -m 5 "$FAC/ledger" >"$1"; }
meta=$dir/scenarios.jsonl
: >"$meta"
# load NAME TARGET METHOD BODY CONC DURATION [extra loadgen flags]: one
# recorded loadgen run in the background (its pid in $! of the caller).
load() {
  local name=$1 target=$2 method=$3 body=$4 c=$5 d=$6
  shift 6
  "$bindir/loadgen" -target "$target" -method "$method" -body "$body" -pay -concurrency "$c" -duration "$d" \
    -warmup 0s -timeout 30s -record "$dir/$name.jsonl" "$@" >"$dir/$name.report.json" 2>"$dir/$name.log"
}

# --- 1. Redis stopped mid-run and restarted --------------------------------
echo "faults: redis: warming the cache" >&2
for i in 1 2; do
  "$bindir/loadgen" -capture /dev/null -target "$CI$CI_PATH" -method POST -body "$CI_BODY" -pay >/dev/null
  "$bindir/loadgen" -capture /dev/null -target "$DQ$DQ_PATH" -pay >/dev/null
done
ledger "$dir/ledger.redis.before.json"
echo "faults: redis: 20 s of paid HITs, Redis killed at 5 s, restarted at 12 s" >&2
start=$(now_ms)
load redis-ci "$CI$CI_PATH" POST "$CI_BODY" "$conc" 20s -replay-every 10 &
l1=$!
load redis-dq "$DQ$DQ_PATH" GET '' "$conc" 20s -replay-every 10 &
l2=$!
sleep 5
kill -9 "$redis_pid"
down=$(now_ms)
sleep 7
start_redis
up=$(now_ms)
wait "$l1" "$l2"
ledger "$dir/ledger.redis.after.json"
jq -nc --arg s redis --argjson start "$start" --argjson down "$down" --argjson up "$up" \
  '{scenario: $s, runs: ["redis-ci", "redis-dq"], start: $start, down: $down, up: $up}' >>"$meta"

# --- 2. DNS SERVFAIL and timeouts (domain-qual) ------------------------------
for mode in servfail timeout; do
  ledger "$dir/ledger.dns-$mode.before.json"
  control "dns?mode=$mode"
  echo "faults: dns: $mode, 8 s of uncached classify" >&2
  load "dns-$mode" "$DQ/api/v1/domain/classify?domain=f{n}-$mode.com" GET '' $((2 * conc)) 8s -vary
  control "dns?mode=ok"
  ledger "$dir/ledger.dns-$mode.after.json"
  jq -nc --arg s "dns-$mode" '{scenario: $s, runs: [$s]}' >>"$meta"
done

# --- 3. company-intel upstreams: 429, 503, slow ------------------------------
for fault in 429 503 slow; do
  ledger "$dir/ledger.up-$fault.before.json"
  if [[ $fault == slow ]]; then control "latency?d=6s"; else control "upstreams?fault=$fault"; fi
  echo "faults: upstreams: $fault, 8 s of uncached signals" >&2
  load "up-$fault" "$CI$CI_PATH" POST '{"company":"f{n}-'"$fault"'.com","lookbackDays":90}' $((2 * conc)) 8s -vary
  control "upstreams?fault=ok"
  control "latency?d=0s"
  ledger "$dir/ledger.up-$fault.after.json"
  jq -nc --arg s "up-$fault" '{scenario: $s, runs: [$s]}' >>"$meta"
done

echo
python3 - "$dir" <<'PY'
import collections, json, sys
d = sys.argv[1]
documented = {502: {"upstream_failure"}, 503: {"upstream_rate_limited", "service_unavailable",
              "upstream_budget_exhausted", "payment_facilitator_unavailable"}, 504: {"upstream_timeout"}}
def jl(p):
    return [json.loads(l) for l in open(p) if l.strip()]
bad = []
print("| Scenario | Requests | Statuses (status code: count) | 200s | Settled | 200 unsettled | Settled w/o 200 | "
      "Double settled | Double delivered | Replays reaching settle | Undocumented 5xx | Transport errors |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|")
notes = []
for m in jl(f"{d}/scenarios.jsonl"):
    s = m["scenario"]
    recs = [r for run in m["runs"] for r in jl(f"{d}/{run}.jsonl")]
    before, after = (json.load(open(f"{d}/ledger.{s}.{w}.json")) for w in ("before", "after"))
    settled = set(after["settled_nonces"]) - set(before["settled_nonces"])
    dup = after["duplicate_settle_calls"] - before["duplicate_settle_calls"]
    double = after["double_settled"] - before["double_settled"]
    statuses = collections.Counter((r.get("status", 0), r.get("code", "")) for r in recs if not r.get("err"))
    oks = [r["auth"] for r in recs if r.get("status") == 200]
    okset = set(oks)
    unsettled = len(okset - settled)
    orphan = len(settled - okset)
    double_delivered = sum(n - 1 for n in collections.Counter(oks).values() if n > 1)
    undoc = sum(n for (st, code), n in statuses.items() if st >= 500 and code not in documented.get(st, ()))
    errs = sum(1 for r in recs if r.get("err"))
    def fmt(st, code):
        code = code.replace("challenge: ", "challenge:")
        return f"{st} {code}".strip()
    stat = ", ".join(f"{fmt(st, code)}: {n}" for (st, code), n in sorted(statuses.items()))
    print(f"| {s} | {len(recs)} | {stat} | {len(oks)} | {len(settled)} | {unsettled} | {orphan} | {double} | "
          f"{double_delivered} | {dup} | {undoc} | {errs} |")
    for what, n in (("undocumented 5xx", undoc), ("200 without settlement", unsettled),
                    ("settlement without a 200", orphan), ("double settlement", double),
                    ("authorization delivered twice", double_delivered)):
        if n:
            bad.append(f"{s}: {n} {what}")
    if s == "redis":
        down, up = m["down"], m["up"]
        for run in m["runs"]:
            rr = jl(f"{d}/{run}.jsonl")
            out = [r for r in rr if down <= r["t"] < up]
            hit_out = sum(1 for r in out if r.get("cache") == "HIT")
            ok_out = sum(1 for r in out if r.get("status") == 200)
            first = min((r["t"] for r in rr if r["t"] >= up and r.get("cache") == "HIT"), default=None)
            rec = f"{(first - up) / 1000:.2f} s" if first else "no HIT after the restart"
            before = [r for r in rr if r["t"] < down]
            rate = len(before) / max((down - min(r["t"] for r in rr)) / 1000, 0.001) if before else 0
            slowest = max((r["ms"] for r in rr if r["t"] + r["ms"] >= down and r["t"] < up), default=0)
            notes.append(f"{run}: {rate:.0f} req/s before the kill; Redis down {(up - down) / 1000:.1f} s: "
                         f"{len(out)} requests started, {ok_out} 200 ({hit_out} HIT), slowest in flight "
                         f"{slowest / 1000:.2f} s; recovery (restart -> first HIT) {rec}")
print()
for n in notes:
    print(n)
if bad:
    print("\nINVARIANTS VIOLATED:\n  " + "\n  ".join(bad))
    sys.exit(1)
print("\nall invariants hold: no undocumented 5xx, every 200 settled once, no settlement without a 200, "
      "no double settlement or delivery")
PY
