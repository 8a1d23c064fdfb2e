#!/usr/bin/env bash
# Builds the tests with ThreadSanitizer into .build/tsan and runs the test that shares one
# Renderer between many threads (`make tsan`). Reports inside the third-party C libraries (not
# instrumented, so their own locking is invisible to TSan) are suppressed by
# scripts/hardening/tsan.supp; anything in the project's code fails the run.
#
#   scripts/hardening/tsan.sh [ROUNDS]   (each round renders 4 scenes x 3 formats; default 4)
set -euo pipefail
cd "$(dirname "$0")/../.."

build=.build/tsan
swift build --build-path "$build" --build-tests -Xswiftc -sanitize=thread -Xcc -fsanitize=thread
export PROOFSHEET_STRESS_ROUNDS=${1:-4}
export TSAN_OPTIONS="suppressions=$PWD/scripts/hardening/tsan.supp halt_on_error=0 second_deadlock_stack=1 history_size=4 ${TSAN_OPTIONS:-}"
log=$build/tsan.log
set +e
swift test --skip-build --build-path "$build" --filter 'ConcurrentRenderTests|LiveObjectsTests' 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
reports=$(grep -c '^WARNING: ThreadSanitizer' "$log" || true)
echo "tsan: $reports report(s), test exit $status (log: $log)"
[ "$status" -eq 0 ] && [ "$reports" -eq 0 ]
