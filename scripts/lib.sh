# Shared helpers of the loopback scripts (load.sh, faults.sh, burst.sh, demo.sh).
# Source it after setting `who` (the prefix of the script's messages).

# stop_pids stops every process in the caller's pids array, newest first,
# and waits for them.
stop_pids() {
  local i
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do kill "${pids[i]}" 2>/dev/null; done
  wait 2>/dev/null
}

# require_tools TOOL...: exit unless every tool is on PATH.
require_tools() {
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { echo "$who: $tool is required" >&2; exit 1; }
  done
}

# free_port prints a free loopback TCP port.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# wait_http URL LOG: wait up to 15 s for URL to answer 2xx, else show LOG and exit.
wait_http() {
  for _ in $(seq 1 150); do
    curl -fsS -m 1 "$1" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "$who: nothing answers at $1; see $2" >&2
  tail -20 "$2" >&2
  exit 1
}

# listening LOG: the address a loadgen server printed ("listening on ADDR").
listening() {
  for _ in $(seq 1 100); do
    if grep -q '^listening on ' "$1" 2>/dev/null; then sed -n 's/^listening on //p' "$1" | head -1; return 0; fi
    sleep 0.1
  done
  echo "$who: $1 shows no listening address" >&2
  cat "$1" >&2
  exit 1
}

# start_facilitator BINDIR DIR: loadgen's zero-latency checking
# facilitator (real EIP-712 signature checks, instant fake settlement),
# logging to DIR/facilitator.log; adds it to pids and sets FAC (its URL)
# and fac_pid.
start_facilitator() {
  "$1/loadgen" -facilitator-listen 127.0.0.1:0 >"$2/facilitator.log" 2>&1 &
  pids+=($!)
  fac_pid=$!
  FAC=http://$(listening "$2/facilitator.log")
  wait_http "$FAC/supported" "$2/facilitator.log"
}

# build_bench DIR: both services, the fixture world and loadgen into DIR.
# loadgen (the facilitator and the signing client) is built with cgo when a
# C compiler is there: go-ethereum then recovers signatures with
# libsecp256k1, several times faster than its pure-Go fallback, so the fake
# facilitator, which shares the cores with the service, takes less of them.
build_bench() {
  echo "$who: building into $1" >&2
  CGO_ENABLED=0 go build -trimpath -o "$1/company-intel" ./services/company-intel/cmd/company-intel
  CGO_ENABLED=0 go build -trimpath -o "$1/domain-qual" ./services/domain-qual/cmd/domain-qual
  CGO_ENABLED=0 go build -trimpath -o "$1/fakeupstreams" ./services/company-intel/cmd/fakeupstreams
  local cgo=0
  command -v "${CC:-gcc}" >/dev/null && cgo=1
  CGO_ENABLED=$cgo go build -trimpath -o "$1/loadgen" ./pkg/x402/x402test/cmd/loadgen
}

# unset_service_env: nothing from the calling shell reaches the services but
# what the script sets.
unset_service_env() {
  unset X402_FACILITATOR_URL X402_FACILITATOR_TOKEN X402_RPC_URL X402_SETTLEMENT_KEY X402_PAY_TO \
    CDP_API_KEY_ID CDP_API_KEY_SECRET REDIS_URL OTEL_EXPORTER_OTLP_ENDPOINT EXA_API_KEY PORT LISTEN_HOST LOG_LEVEL
}
