#!/usr/bin/env bash
# Starts a local anvil chain for x402 development (chain id 8453, so USDC's
# Base EIP-712 domain applies), installs the dev EIP-3009 token at USDC's
# Base address, funds the dev payer, prints the RPC URL and the dev keys,
# and keeps anvil running until interrupted.
#
#   DEVCHAIN_PORT=8545 scripts/devchain.sh [extra args for cmd/devchain, e.g. -fund 0xabc...]
#
# Needs `npm install --no-audit --no-fund` at the repository root (anvil).
# The keys it prints are anvil's public test keys: never use them elsewhere.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
port="${DEVCHAIN_PORT:-8545}"
rpc="http://127.0.0.1:${port}"

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) platform=linux-amd64 ;;
  Linux-aarch64 | Linux-arm64) platform=linux-arm64 ;;
  Darwin-arm64) platform=darwin-arm64 ;;
  Darwin-x86_64) platform=darwin-amd64 ;;
  *) platform="" ;;
esac
anvil="$root/node_modules/@foundry-rs/anvil-${platform}/bin/anvil"
if [[ -z "$platform" || ! -x "$anvil" ]]; then
  anvil="$root/node_modules/.bin/anvil"
fi
if [[ ! -x "$anvil" ]]; then
  echo "devchain: anvil not found; run: npm install --no-audit --no-fund (in $root)" >&2
  exit 1
fi

"$anvil" --host 127.0.0.1 --port "$port" --chain-id 8453 --silent &
anvil_pid=$!
stop() {
  kill "$anvil_pid" 2>/dev/null || true
  wait "$anvil_pid" 2>/dev/null || true
}
trap stop EXIT
trap 'exit 130' INT TERM

(cd "$root" && go run ./pkg/x402/x402test/cmd/devchain -rpc "$rpc" "$@")

echo "anvil is running at $rpc (pid $anvil_pid); press Ctrl-C to stop."
wait "$anvil_pid"
