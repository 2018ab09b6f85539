#!/usr/bin/env bash
# `make demo`: every paid operation of both services, paid with the built
# x402 CLI, offline and without keys. It starts
#   1. the fixture world (bin/fakeupstreams -exa): fakes of company-intel's
#      upstreams (news RSS, GDELT, Exa, SEC, Wikidata, the ATS boards), the
#      fictitious companies' websites and a loopback DNS server that also
#      publishes their mail setups (MX, SPF, DMARC, DKIM) for domain-qual;
#   2. `make run`'s stack (scripts/run.sh) on free ports, pointed at that
#      world: a local chain (anvil, chain id 8453, dev USDC at Base USDC's
#      address), the built-in facilitator, company-intel and domain-qual;
# then pays each of the 7 paid operations twice (cold caches, then the same
# requests again) and prints, per call, the HTTP status, the x-<service>-cache
# header, an excerpt of the answer, the settlement transaction and the
# payer's dev USDC balance before and after, read from the chain.
#
#   scripts/demo.sh [--smoke]
#
# Both modes check every call (200, MISS then HIT, a settlement transaction,
# the balance down by exactly the price) and exit 1 otherwise; --smoke (make
# test) prints a compact table only. The whole run is bounded by
# DEMO_TIMEOUT seconds (180). Ports are free ones unless COMPANY_INTEL_PORT,
# DOMAIN_QUAL_PORT, DEVCHAIN_PORT or FACILITATOR_PORT are set. Logs and
# answers are under .run/ (.run/demo/). Every process it starts is stopped
# on exit, failure and Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."

smoke=
case "${1:-}" in
  --smoke) smoke=1 ;;
  "") ;;
  -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
  *) echo "usage: scripts/demo.sh [--smoke]" >&2; exit 2 ;;
esac
for b in fakeupstreams x402 devchain company-intel domain-qual; do
  [[ -x bin/$b ]] || { echo "demo: bin/$b missing; run: make build" >&2; exit 1; }
done

dir=.run/demo
rm -rf "$dir"
mkdir -p "$dir"
limit=${DEMO_TIMEOUT:-180}
started=$SECONDS

who=demo
source scripts/lib.sh

pids=()  # background processes, stopped in reverse order
fgpid=   # the command run_bounded is waiting for
watchdog=
cleanup() {
  local rc=$?
  set +e
  trap - EXIT
  trap '' INT TERM USR1 # nothing interrupts the cleanup
  [[ -n $fgpid ]] && kill "$fgpid" 2>/dev/null
  [[ -n $watchdog ]] && kill "$watchdog" 2>/dev/null
  stop_pids
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'echo "demo: timed out after ${limit}s; logs in .run/" >&2; exit 124' USR1
# The watchdog signals this shell after $limit seconds; commands that may
# take long run through run_bounded, whose wait the signal interrupts.
(
  trap 'kill "$s" 2>/dev/null; exit 0' TERM
  sleep "$limit" &
  s=$!
  wait "$s"
  kill -USR1 $$
) &
watchdog=$!
run_bounded() {
  "$@" &
  fgpid=$!
  local rc=0
  wait "$fgpid" || rc=$?
  fgpid=
  return "$rc"
}

CI_PORT=${COMPANY_INTEL_PORT:-$(free_port)}
DQ_PORT=${DOMAIN_QUAL_PORT:-$(free_port)}
CHAIN_PORT=${DEVCHAIN_PORT:-$(free_port)}
FAC_PORT=${FACILITATOR_PORT:-$(free_port)}
CI_URL=http://127.0.0.1:$CI_PORT
DQ_URL=http://127.0.0.1:$DQ_PORT
RPC=http://127.0.0.1:$CHAIN_PORT
USDC=0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913  # Base USDC's address; the dev token lives there on the local chain
PAYER=0x70997970C51812dc3A010C7d01b50e0d17dc79C8 # anvil's public test account #1, the dev payer run.sh funds

# Offline and hermetic: the local chain and in-process caches, whatever
# this shell has set.
unset X402_FACILITATOR_URL X402_FACILITATOR_TOKEN X402_RPC_URL X402_SETTLEMENT_KEY X402_PAY_TO \
  CDP_API_KEY_ID CDP_API_KEY_SECRET REDIS_URL OTEL_EXPORTER_OTLP_ENDPOINT EXA_API_KEY PORT LISTEN_HOST

# 1. The fixture world; its env (upstream URLs, DNS_RESOLVERS, FETCH_ALLOWLIST,
# WEBSITE_*_PORT) serves both services.
./bin/fakeupstreams -exa -env-file "$dir/world.env" >/dev/null 2>.run/fakeupstreams.log &
pids+=($!)
for _ in $(seq 1 100); do [[ -s $dir/world.env ]] && break; sleep 0.1; done
[[ -s $dir/world.env ]] || { cat .run/fakeupstreams.log >&2; echo "demo: fakeupstreams wrote no env file" >&2; exit 1; }
set -a
# shellcheck disable=SC1091
. "$dir/world.env"
set +a

# 2. The local payment stack and both services, as `make run` starts them.
COMPANY_INTEL_PORT=$CI_PORT DOMAIN_QUAL_PORT=$DQ_PORT DEVCHAIN_PORT=$CHAIN_PORT FACILITATOR_PORT=$FAC_PORT \
  bash scripts/run.sh >.run/demo-run.log 2>&1 &
pids+=($!)
for _ in $(seq 1 600); do
  grep -q 'Press Ctrl-C' .run/demo-run.log 2>/dev/null && break
  kill -0 "${pids[-1]}" 2>/dev/null || break
  sleep 0.1
done
grep -q 'Press Ctrl-C' .run/demo-run.log || { cat .run/demo-run.log >&2; echo "demo: the stack did not start; see .run/*.log" >&2; exit 1; }
payer_key=$(sed -n 's/.*export X402_PRIVATE_KEY=\(0x[0-9a-f]*\).*/\1/p' .run/demo-run.log | head -1)
ready=$((SECONDS - started))

# now_ms prints the wall clock in milliseconds (0 on a bash without
# EPOCHREALTIME).
now_ms() {
  local t=${EPOCHREALTIME:-0.000000}
  t=${t/[.,]/}
  echo $((10#$t / 1000))
}

# balance prints the payer's dev USDC balance (atomic units) read from the
# chain: eth_call balanceOf(PAYER) on the token.
balance() {
  python3 - "$RPC" "$USDC" "$PAYER" <<'PY'
import json, sys, urllib.request
rpc, token, who = sys.argv[1:]
call = {"to": token, "data": "0x70a08231" + who[2:].lower().rjust(64, "0")}
req = urllib.request.Request(rpc, json.dumps({"jsonrpc": "2.0", "id": 1, "method": "eth_call", "params": [call, "latest"]}).encode(),
                             {"Content-Type": "application/json"})
print(int(json.load(urllib.request.urlopen(req, timeout=10))["result"], 16))
PY
}

# The 7 paid operations: name, METHOD, URL, --max (USDC), price (atomic), body.
company=northwind-robotics.com
seller='{"product":"Warehouse safety monitoring: computer-vision alerts for forklift near-misses and pedestrian zones","valueProposition":"Cut recordable incidents and insurance costs where people work next to forklifts and mobile robots","idealCustomerProfile":"Mid-market and enterprise B2B logistics, warehouse automation, robotics and manufacturing companies in North America with 200-10000 employees"}'
names=() methods=() urls=() maxes=() prices=() bodies=()
op() { names+=("$1"); methods+=("$2"); urls+=("$3"); maxes+=("$4"); prices+=("$5"); bodies+=("${6:-}"); }
op signals POST "$CI_URL/v1/company/signals" 0.05 50000 "{\"company\":\"$company\",\"lookbackDays\":90}"
op deal-brief POST "$CI_URL/v1/company/deal-brief" 0.25 250000 "{\"company\":\"$company\",\"lookbackDays\":90,\"seller\":$seller}"
op deal-brief/deep POST "$CI_URL/v1/company/deal-brief/deep" 0.75 750000 "{\"company\":\"$company\",\"lookbackDays\":90,\"seller\":$seller}"
op classify GET "$DQ_URL/api/v1/domain/classify?domain=northwind-robotics.com" 0.0001 100
op dns-audit GET "$DQ_URL/api/v1/domain/dns-audit?domain=adventureworks-cycles.com" 0.001 1000
op full-profile GET "$DQ_URL/api/v1/domain/full-profile?domain=proseware-learning.com" 0.005 5000
op batch-classify POST "$DQ_URL/api/v1/domain/batch-classify" 0.01 10000 \
  '{"domains":["northwind-robotics.com","adventureworks-cycles.com","proseware-learning.com","wingtip-outdoor.com","no-such-company.com"]}'

# 3. Two passes: cold caches, then the same requests (served from the cache,
# and still paid: x402 pays every call).
: >"$dir/calls.tsv"
for pass in 1 2; do
  for i in "${!names[@]}"; do
    f=$dir/$pass-$i
    args=(pay --max "${maxes[i]}" -D "$f.headers" "${methods[i]}" "${urls[i]}")
    [[ -n ${bodies[i]} ]] && args+=(-d "${bodies[i]}")
    before=$(balance)
    t0=$(now_ms)
    rc=0
    X402_PRIVATE_KEY=$payer_key run_bounded ./bin/x402 "${args[@]}" >"$f.json" 2>"$f.err" || rc=$?
    ms=$(($(now_ms) - t0))
    after=$(balance)
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$pass" "${names[i]}" "${urls[i]}" "${prices[i]}" "$rc" "$before" "$after" "$ms" "$f" >>"$dir/calls.tsv"
  done
done

# 4. The report and the checks.
python3 - "$dir/calls.tsv" "$PAYER" "${smoke:-0}" "$ready" "$CI_URL" "$DQ_URL" "$RPC" "$FAC_PORT" <<'PY'
import json, re, sys, textwrap

calls_file, payer, smoke, ready, ci, dq, rpc, fac_port = sys.argv[1:]
smoke = smoke == "1"

def usdc(atomic):  # a price: as few decimals as it needs
    return f"{atomic // 10**6}.{atomic % 10**6:06d}".rstrip("0").rstrip(".")

def bal(atomic):  # a balance: all 6 decimals
    return f"{atomic // 10**6:,}.{atomic % 10**6:06d}"

def short(s, n):
    return s if len(s) <= n else s[: n - 1] + "…"

def excerpt(op, d):
    """A few key fields of an answer, one line."""
    if op == "signals":
        types = ", ".join(s["type"] for s in d["signals"])
        return f'{d["company"]["name"]}: {len(d["signals"])} signals ({types}) from {len(d["sources"])} sources'
    if op == "deal-brief":
        q = d["qualification"]
        return f'fit {q["fitScore"]} {q["fitLabel"]}, {len(d["whyNow"])} why-now reasons; next: {textwrap.shorten(d["recommendedApproach"]["recommendedAction"], 90, placeholder=" …")}'
    if op == "deal-brief/deep":
        q = d["qualification"]
        return (f'fit {q["fitScore"]} {q["fitLabel"]}; {len(d["discoveryQuestions"])} discovery questions, '
                f'{len(d["evidenceMap"])} evidence-map claims over {len(d["sources"])} sources')
    if op == "classify":
        mr, mx = d["mail_readiness"], d["mx_provider"]
        return (f'{d["domain"]}: {d["domain_type"]}, mail {mr["status"]} via {mx.get("name") or mx.get("kind")}, '
                f'confidence {d["confidence"]}')
    if op == "dns-audit":
        dmarc, dkim = d["dmarc"], d["optional_dkim"]
        return (f'{d["domain"]}: risk {d["risk_score"]} ({d["risk_level"]}); MX {d["mx"]["status"]}, SPF {d["spf"]["status"]}, '
                f'DMARC p={dmarc.get("policy")}, DKIM {dkim["status"]} ({", ".join(dkim.get("found_selectors") or [])}); '
                f'{len(d["recommendations"])} recommendations')
    if op == "full-profile":
        w = d["website_metadata"]
        hints = ", ".join(sorted({h["name"] for h in d["technology_hints"]}))
        flags = ", ".join(f["id"] for f in d["opportunity_flags"])
        return f'{d["domain"]}: site "{w.get("title")}", risk {d["dns_audit"]["risk_score"]}; flags: {flags}; tech: {hints}'
    if op == "batch-classify":
        def one(r):
            c = r.get("classification")
            if not c:
                return f'{r["domain"]} error {r.get("error", {}).get("code")}'
            return f'{r["domain"]} {c["domain_type"]}' + (f' ({c["mx_provider"]["name"]})' if c["mx_provider"]["name"] else "")
        return f'{d["succeeded"]} of {d["count"]}: ' + "; ".join(one(r) for r in d["results"])
    return ""

calls, failures = [], []
for line in open(calls_file):
    pas, op, url, price, rc, before, after, ms, f = line.rstrip("\n").split("\t")
    c = dict(pas=int(pas), op=op, url=url, price=int(price), rc=int(rc), before=int(before), after=int(after), ms=int(ms),
             svc="company-intel" if "/v1/company/" in url else "domain-qual", status="-", cache="-", tx="", amount="", payer="", note="")
    try:
        head = open(f + ".headers").read().splitlines()
        c["status"] = head[0].split()[1]
        for h in head[1:]:
            k, _, v = h.partition(":")
            if k.lower() == f'x-{c["svc"]}-cache':
                c["cache"] = v.strip()
    except (OSError, IndexError):
        pass
    err = open(f + ".err").read()
    m = re.search(r"paid: tx=(\S+) payer=(\S+) network=\S+ amount=(\d+)", err)
    if m:
        c["tx"], c["payer"], c["amount"] = m.group(1), m.group(2), m.group(3)
    try:
        c["note"] = excerpt(op, json.load(open(f + ".json")))
    except Exception as e:  # a failed call or an unexpected body: show why
        c["note"] = "(" + short((err.strip().splitlines() or [repr(e)])[-1], 150) + ")"
    want_cache = "MISS" if c["pas"] == 1 else "HIT"
    problems = []
    if c["rc"] != 0 or c["status"] != "200":
        problems.append(f'status {c["status"]} (x402 exit {c["rc"]})')
    if c["cache"] != want_cache:
        problems.append(f'cache {c["cache"]}, want {want_cache}')
    if not re.fullmatch(r"0x[0-9a-f]{64}", c["tx"]):
        problems.append("no settlement transaction")
    if c["payer"] and c["payer"].lower() != payer.lower():
        problems.append(f'payer {c["payer"]}')
    if c["amount"] != str(c["price"]):
        problems.append(f'settled {c["amount"] or "nothing"}, want {c["price"]}')
    if c["before"] - c["after"] != c["price"]:
        problems.append(f'balance down {c["before"] - c["after"]}, want {c["price"]}')
    c["ok"] = not problems
    if problems:
        failures.append(f'pass {c["pas"]} {c["svc"]} {op}: ' + "; ".join(problems))
    calls.append(c)

out = []
if not smoke:
    out += ["intel402 demo — offline: fixture world (DNS, websites, news, GDELT, SEC, Wikidata, ATS, Exa), local chain, no keys",
            f"  company-intel {ci}   domain-qual {dq}   chain {rpc} (anvil, chain id 8453)   facilitator :{fac_port}",
            f"  payer {payer} (anvil test key #1), dev USDC at Base USDC's address; stack ready in {ready}s", ""]
titles = {1: "pass 1: cold caches", 2: "pass 2: the same requests — served from the cache, and still paid (x402 pays every call)"}
for pas in (1, 2):
    out.append(titles[pas])
    out.append(f'  {"service":<14}{"operation":<17}{"status":<7}{"cache":<6}{"USDC":>7}  {"payer balance before → after":<31}{"ms":>5}  settlement tx')
    for c in (c for c in calls if c["pas"] == pas):
        tx = c["tx"][:10] + "…" + c["tx"][-4:] if c["tx"] else "-"
        out.append(f'  {c["svc"]:<14}{c["op"]:<17}{c["status"]:<7}{c["cache"]:<6}{usdc(c["price"]):>7}  '
                   f'{bal(c["before"]) + " → " + bal(c["after"]):<31}{c["ms"]:>5}  {tx}{"" if c["ok"] else "  ✗"}')
        if not smoke and pas == 1:
            out += textwrap.wrap(c["note"], 112, initial_indent="      ↳ ", subsequent_indent="        ", max_lines=3, placeholder=" …",
                             break_on_hyphens=False)
    out.append("")
spent = calls[0]["before"] - calls[-1]["after"] if calls else 0
if failures:
    out += ["FAILED:"] + ["  " + f for f in failures]
else:
    out.append(f"ok: {len(calls)} paid calls — 7 × 200 MISS, then 7 × 200 HIT; each settled on-chain for exactly its price; "
               f"payer spent {usdc(spent)} USDC")
print("\n".join(out))
sys.exit(1 if failures else 0)
PY

# 5. What a person sees in a browser: each service's landing page and API
# reference, and the paywall a browser gets from a paid GET link, rendered
# by headless Chromium (bin/screenshot fails on an error status or a console
# error) into .run/screenshots/.
shots=.run/screenshots
paywall_url="$DQ_URL/api/v1/domain/dns-audit?domain=adventureworks-cycles.com"
if [[ -z $smoke ]]; then
  echo "in a browser:"
  echo "  company-intel  $CI_URL/   (API reference $CI_URL/docs)"
  echo "  domain-qual    $DQ_URL/   (API reference $DQ_URL/docs)"
  echo "  paywall        $paywall_url"
fi
if ./bin/screenshot -h >/dev/null 2>&1 && { [[ -n ${CHROMIUM:-} ]] || command -v chromium >/dev/null || command -v chromium-browser >/dev/null || command -v google-chrome >/dev/null; }; then
  rc=0
  run_bounded ./bin/screenshot -o "$shots" -wait 'main' \
    company-intel.png="$CI_URL/" domain-qual.png="$DQ_URL/" >"$dir/shots.out" 2>&1 || rc=$?
  [[ $rc -eq 0 ]] && { run_bounded ./bin/screenshot -o "$shots" -wait '.opblock' \
    company-intel-docs.png="$CI_URL/docs" domain-qual-docs.png="$DQ_URL/docs" >>"$dir/shots.out" 2>&1 || rc=$?; }
  # The paywall page logs errors it cannot avoid (docs/payments.md, "Browsers:
  # the paywall"): its own 402 status, the Coinbase Wallet SDK's probe of the
  # route without its query (400), and the SDK's analytics script the CSP blocks.
  [[ $rc -eq 0 ]] && { run_bounded ./bin/screenshot -o "$shots" -wait 'button' -allow-console-errors \
    paywall-dns-audit.png="$paywall_url" >>"$dir/shots.out" 2>&1 || rc=$?; }
  if [[ $rc -ne 0 ]]; then
    cat "$dir/shots.out" >&2
    echo "demo: the browser pages failed (exit $rc)" >&2
    exit 1
  fi
  if [[ -z $smoke ]]; then echo "  screenshots    $(tr '\n' ' ' <"$dir/shots.out")"; fi
else
  if [[ -z $smoke ]]; then echo "  (no screenshots: install Chromium — Debian's chromium package — or set CHROMIUM)"; fi
fi
