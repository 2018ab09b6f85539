#!/usr/bin/env bash
# modcheck: every module stands on its own. For each module (the Makefile's
# MODULES, or the MODULES environment variable), outside the workspace
# (GOWORK=off):
#   1. `go mod tidy -diff` must report nothing: go.mod requires what the
#      module imports (tests included), sibling modules through relative
#      replace directives, and go.sum is complete. -diff never writes, so
#      the check leaves the tree as it found it (verified below).
#   2. `go build ./...` must pass (-o /dev/null: never writes a binary).
# Every go.mod in the repository (outside node_modules) must be in MODULES.
# Quiet on success apart from one summary line. Needs the module cache for
# the first run (GOPROXY); offline once it is warm.
# Each go command is bounded by MODCHECK_TIMEOUT seconds (default 300).
set -euo pipefail
cd "$(dirname "$0")/.."

who=modcheck
GO=${GO:-go}
limit=${MODCHECK_TIMEOUT:-300}
modules=${MODULES:-$(sed -n 's/^MODULES *:= *//p' Makefile)}
if [ -z "$modules" ]; then
  echo "$who: no MODULES (neither in the environment nor in the Makefile)" >&2
  exit 1
fi

# A module missing from MODULES would be skipped here and by make's test and vet.
missing=()
while IFS= read -r mod; do
  dir=${mod#./}
  dir=${dir%/go.mod}
  [[ " $modules " == *" $dir "* ]] || missing+=("$dir")
done < <(find . -name node_modules -prune -o -name .git -prune -o -name testdata -prune -o -name go.mod -print)
if [ ${#missing[@]} -gt 0 ]; then
  echo "$who: module(s) not in the Makefile's MODULES: ${missing[*]}" >&2
  exit 1
fi

bounded() {
  if command -v timeout >/dev/null 2>&1; then timeout "$limit" "$@"; else "$@"; fi
}

sums() { { cat go.mod; [ ! -f go.sum ] || cat go.sum; } | cksum; }

log=$(mktemp)
trap 'rm -f "$log"' EXIT
start=$SECONDS
n=0
for m in $modules; do
  if [ ! -f "$m/go.mod" ]; then
    echo "$who: $m: no go.mod" >&2
    exit 1
  fi
  pushd "$m" >/dev/null
  before=$(sums)
  rc=0
  GOWORK=off bounded "$GO" mod tidy -diff >"$log" 2>&1 || rc=$?
  if [ "$rc" -eq 124 ]; then
    echo "$who: $m: GOWORK=off go mod tidy -diff timed out after ${limit}s (MODCHECK_TIMEOUT)" >&2
    exit 1
  fi
  if [ "$rc" -ne 0 ]; then
    echo "$who: $m: go.mod/go.sum are not what 'GOWORK=off go mod tidy' makes of this module (its output below)" >&2
    echo "$who: fix with: (cd $m && GOWORK=off go mod tidy); sibling modules need a require and a relative replace" >&2
    { grep -v '^go: \(finding\|downloading\) ' "$log" || true; } | head -60 >&2
    exit 1
  fi
  if [ "$(sums)" != "$before" ]; then
    echo "$who: $m: go.mod/go.sum changed during the check (another go command running?)" >&2
    exit 1
  fi
  rc=0
  GOWORK=off bounded "$GO" build -o /dev/null ./... >"$log" 2>&1 || rc=$?
  if [ "$rc" -ne 0 ]; then
    [ "$rc" -ne 124 ] || echo "$who: $m: timed out after ${limit}s (MODCHECK_TIMEOUT)" >&2
    echo "$who: $m: GOWORK=off go build ./... failed" >&2
    head -60 "$log" >&2
    exit 1
  fi
  popd >/dev/null
  n=$((n + 1))
done
echo "$who: $n modules tidy and building on their own (GOWORK=off) in $((SECONDS - start))s"
