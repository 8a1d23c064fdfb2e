#!/usr/bin/env bash
# Runs the release `proofsheet` under valgrind's memcheck (`make leaks`): every example scene to
# PNG, SVG and PDF, a render that fails, and a diff. A memory error or a definite leak that the
# suppressions (third-party libraries only, scripts/hardening/valgrind.supp) do not cover fails.
set -euo pipefail
cd "$(dirname "$0")/../.."

command -v valgrind >/dev/null || {
  echo "leaks: installing valgrind"
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends valgrind >/dev/null
}

# Valgrind 3.19 (Debian 12) cannot read DWARF 5, the toolchain's default: build with DWARF 4.
build=.build/leaks
swift build -c release --build-path "$build" --product proofsheet -Xswiftc -dwarf-version=4 -Xcc -gdwarf-4
bin=$build/release/proofsheet
out=$build/out
rm -rf "$out"; mkdir -p "$out"

failed=0
# check NAME EXPECTED-EXIT COMMAND...: runs the command under memcheck and prints its summary.
check() {
  local name=$1 expected=$2; shift 2
  local log=$build/$name.log status
  set +e
  valgrind --tool=memcheck --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=99 \
    --num-callers=40 --suppressions=scripts/hardening/valgrind.supp --log-file="$log" "$@" >"$build/$name.out" 2>&1
  status=$?
  set -e
  echo "== $name: exit $status (log: $log)"
  grep -E 'definitely lost:|indirectly lost:|possibly lost:|still reachable:|suppressed:|ERROR SUMMARY' "$log" | sed 's/^==[0-9]*== */   /'
  if [ "$status" -ne "$expected" ]; then echo "   FAILED: expected exit $expected"; failed=1; fi
}

check render 0 "$bin" render Assets/Scenes/*.json --all-stills --out-dir "$out" --format png --format svg --format pdf
# A scene whose photo is not an image: the render fails (exit 2).
mkdir -p "$out/broken"
printf 'not an image' > "$out/broken/photo.png"
printf '{"canvas": "iPhone SE", "root": {"type": "VStack", "children": [{"type": "Text", "text": "Hi"}, {"type": "Image", "name": "photo"}]}}' > "$out/broken/broken.json"
check failing-render 2 "$bin" render "$out/broken/broken.json" -o "$out/broken/broken.png"
# Two renders that differ (exit 1), with a diff image and panels.
check diff 1 "$bin" diff "$out/travel-deck.rest.png" "$out/travel-deck.dragging-right.png" -o "$out/diff.png" --panels "$out/panels.png" --json

[ "$failed" -eq 0 ] && echo "leaks: no memory errors and no definite leaks outside the suppressions"
exit "$failed"
