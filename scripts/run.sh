#!/usr/bin/env bash
# `make run`: the whole stack on this machine with embedded defaults — no
# Redis, no keys, no accounts:
#   1. a local chain (anvil, chain id 8453) with the dev EIP-3009 token at
#      Base USDC's address, so payments sign the production EIP-712 domain;
#   2. the built-in x402 facilitator (`x402 facilitator`) settling on it;
#   3. company-intel and domain-qual, paid to a dev address;
# then it prints the base URLs, a funded dev payer key and an `x402 pay`
# example. The keys are anvil's public test keys: never use them elsewhere.
# Set X402_FACILITATOR_URL or X402_RPC_URL/X402_SETTLEMENT_KEY and
# X402_PAY_TO to use a real network instead of the local chain.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .run
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup EXIT
trap 'exit 130' INT TERM

CI_PORT=${COMPANY_INTEL_PORT:-8080}
DQ_PORT=${DOMAIN_QUAL_PORT:-8081}
CHAIN_PORT=${DEVCHAIN_PORT:-8545}
FAC_PORT=${FACILITATOR_PORT:-8402}

# anvil's public dev accounts: #0 settles, #1 pays, #2 receives.
DEV_SETTLEMENT_KEY=0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80
DEV_PAYER_KEY=0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d
DEV_PAY_TO=0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC

wait_http() { # url name
  for _ in $(seq 1 150); do
    if curl -fsS "$1" >/dev/null 2>&1; then return 0; fi
    sleep 0.1
  done
  echo "run: $2 did not answer at $1; see .run/$2.log" >&2
  exit 1
}

if [[ -z "${X402_FACILITATOR_URL:-}" && -z "${X402_RPC_URL:-}" ]]; then
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) plat=linux-amd64 ;; Linux-aarch64|Linux-arm64) plat=linux-arm64 ;;
    Darwin-arm64) plat=darwin-arm64 ;; Darwin-x86_64) plat=darwin-amd64 ;; *) plat=none ;;
  esac
  anvil=node_modules/@foundry-rs/anvil-$plat/bin/anvil
  [[ -x $anvil ]] || anvil=node_modules/.bin/anvil
  [[ -x $anvil ]] || { echo "run: anvil missing; run: npm install --no-audit --no-fund" >&2; exit 1; }
  "$anvil" --host 127.0.0.1 --port "$CHAIN_PORT" --chain-id 8453 --silent >.run/anvil.log 2>&1 &
  pids+=($!)
  RPC=http://127.0.0.1:$CHAIN_PORT
  ./bin/devchain -rpc "$RPC" >.run/devchain.log 2>&1 || { cat .run/devchain.log >&2; exit 1; }
  X402_RPC_URL=$RPC X402_SETTLEMENT_KEY=$DEV_SETTLEMENT_KEY \
    ./bin/x402 facilitator --listen "127.0.0.1:$FAC_PORT" >.run/facilitator.log 2>&1 &
  pids+=($!)
  for _ in $(seq 1 100); do
    curl -fsS "http://127.0.0.1:$FAC_PORT/supported" >/dev/null 2>&1 && break
    sleep 0.1
  done
  export X402_FACILITATOR_URL=http://127.0.0.1:$FAC_PORT
  export X402_PAY_TO=${X402_PAY_TO:-$DEV_PAY_TO}
  dev=1
fi

PORT=$CI_PORT ./bin/company-intel >.run/company-intel.log 2>&1 &
pids+=($!)
PORT=$DQ_PORT ./bin/domain-qual >.run/domain-qual.log 2>&1 &
pids+=($!)
wait_http "http://127.0.0.1:$CI_PORT/health" company-intel
wait_http "http://127.0.0.1:$DQ_PORT/api/health" domain-qual

cat <<MSG

intel402 is running (logs in .run/):
  company-intel  http://127.0.0.1:$CI_PORT/   (open it in a browser; API reference /docs, contract /openapi.json, health /health)
  domain-qual    http://127.0.0.1:$DQ_PORT/   (open it in a browser; API reference /docs, discovery /capabilities.json, /pricing.json, health /api/health)
MSG
if [[ -n "${dev:-}" ]]; then cat <<MSG
  local chain    http://127.0.0.1:$CHAIN_PORT (anvil, chain id 8453, dev USDC at Base USDC's address)
  facilitator    http://127.0.0.1:$FAC_PORT  (built-in, settles on the local chain)

A funded dev payer (anvil's public test key #1, 1000 dev USDC):
  export X402_PRIVATE_KEY=$DEV_PAYER_KEY
Pay for a call:
  ./bin/x402 pay --max 0.001 GET 'http://127.0.0.1:$DQ_PORT/api/v1/domain/classify?domain=github.com'
MSG
fi
echo
echo "Press Ctrl-C to stop."
wait -n "${pids[@]}"
echo "run: a process exited; see .run/*.log" >&2
exit 1
