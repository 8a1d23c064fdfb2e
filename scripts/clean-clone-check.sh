#!/usr/bin/env bash
# Runs the README's two commands in their order, `make demo` then `make test`, on a fresh clone
# of HEAD, as a new user would: nothing built before, nothing left from this checkout. Exits
# with the first failure's code. KEEP=1 keeps the clone (its path is printed).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/proofsheet-clean-clone.XXXXXX")"
if [ "${KEEP:-}" != "1" ]; then trap 'rm -rf "$work"' EXIT; fi
echo "clean-clone: cloning HEAD into $work/proofsheet"
git clone --quiet --no-hardlinks "$repo" "$work/proofsheet"
cd "$work/proofsheet"
start=$(date +%s)
echo "clean-clone: make demo"
make demo
echo "clean-clone: make test"
make test
echo "clean-clone: both commands passed in $(( $(date +%s) - start )) s"
