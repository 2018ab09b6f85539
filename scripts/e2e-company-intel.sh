#!/usr/bin/env bash
# End to end with the built binaries: the fixture world of fake upstreams
# (bin/fakeupstreams), the local payment stack and both services as
# `make run` starts them (scripts/run.sh), then a paid signals call for a
# fixture company with the x402 CLI, settled on the local chain. Offline:
# everything runs on loopback with fictitious data.
#
#   make build && scripts/e2e-company-intel.sh [company]
set -euo pipefail
cd "$(dirname "$0")/.."
company=${1:-northwind-robotics.com}
mkdir -p .run
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup EXIT

rm -f .run/world.env
./bin/fakeupstreams -env-file .run/world.env >/dev/null 2>.run/fakeupstreams.log &
pids+=($!)
for _ in $(seq 1 100); do [[ -s .run/world.env ]] && break; sleep 0.1; done
[[ -s .run/world.env ]] || { echo "e2e: fakeupstreams wrote no env file" >&2; exit 1; }
set -a
# shellcheck disable=SC1091
. .run/world.env
set +a

bash scripts/run.sh >.run/e2e-run.log 2>&1 &
pids+=($!)
for _ in $(seq 1 300); do
  grep -q 'Press Ctrl-C' .run/e2e-run.log 2>/dev/null && break
  sleep 0.1
done
grep -q 'Press Ctrl-C' .run/e2e-run.log || { cat .run/e2e-run.log >&2; exit 1; }
payer=$(sed -n 's/.*export X402_PRIVATE_KEY=\(0x[0-9a-f]*\).*/\1/p' .run/e2e-run.log | head -1)

echo "e2e: paying POST /v1/company/signals for $company" >&2
X402_PRIVATE_KEY=$payer ./bin/x402 pay --max 0.05 POST http://127.0.0.1:${COMPANY_INTEL_PORT:-8080}/v1/company/signals \
  -H 'Content-Type: application/json' -d "{\"company\":\"$company\",\"lookbackDays\":90}" >.run/e2e-signals.json
python3 - .run/e2e-signals.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
ids = {s["id"] for s in d["sources"]}
assert d["signals"], "no signals"
for s in d["signals"]:
    assert s["evidenceIds"] and set(s["evidenceIds"]) <= ids, s
print(f'e2e: {d["company"]["name"]} ({d["company"]["domain"]}): {len(d["signals"])} signals, '
      f'{len(d["sources"])} sources, provider {d["meta"]["provider"]}, usage {d["meta"]["upstreamUsage"]}', file=sys.stderr)
for s in d["signals"]:
    print(f'  {s["eventDate"]} {s["type"]:<12} {s["confidence"]:.2f} {s["headline"]}', file=sys.stderr)
PY

echo "e2e: paying POST /v1/company/deal-brief/deep for $company" >&2
seller='{"product":"Warehouse safety monitoring: computer-vision alerts for forklift near-misses and pedestrian zones","valueProposition":"Cut recordable incidents and insurance costs where people work next to forklifts and mobile robots","idealCustomerProfile":"Mid-market and enterprise B2B logistics, warehouse automation, robotics and manufacturing companies in North America with 200-10000 employees"}'
X402_PRIVATE_KEY=$payer ./bin/x402 pay --max 0.75 POST http://127.0.0.1:${COMPANY_INTEL_PORT:-8080}/v1/company/deal-brief/deep \
  -H 'Content-Type: application/json' -d "{\"company\":\"$company\",\"lookbackDays\":90,\"seller\":$seller}" >.run/e2e-deep.json
python3 - .run/e2e-deep.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
ids = {s["id"] for s in d["sources"]}
assert len(d["discoveryQuestions"]) == 5, d["discoveryQuestions"]
for k, v in d["evidenceMap"].items():
    assert v and set(v) <= ids, (k, v)
q = d["qualification"]
print(f'e2e: deep brief for {d["company"]["name"]}: fit {q["fitScore"]} {q["fitLabel"]}, {len(d["whyNow"])} why-now, '
      f'{len(d["evidenceMap"])} evidence-map claims over {len(d["sources"])} sources, usage {d["meta"]["upstreamUsage"]}', file=sys.stderr)
print(f'  next: {d["recommendedApproach"]["recommendedAction"]}', file=sys.stderr)
PY
