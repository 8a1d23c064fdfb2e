#!/usr/bin/env bash
# The steps of the GitHub Action (action.yml): `proofsheet check` (or `merge-reports`) in
# Proofsheet's container, the job summary appended, the outputs written. Inputs arrive as
# PROOFSHEET_* variables (see action.yml); PROOFSHEET_BIN runs an installed binary instead of the
# container (the tests run the steps that way, and so can a job that installed the .deb).
# Exit code: the check's (0 passed, 1 a difference, 2 bad input, 3 an internal failure).
set -uo pipefail

report="${PROOFSHEET_REPORT:-proofsheet-report}"
junit="${PROOFSHEET_JUNIT:-}"
output="${GITHUB_OUTPUT:-/dev/null}"
summary="${GITHUB_STEP_SUMMARY:-}"

# How proofsheet runs: an installed binary, or the image of this action's repository and ref.
if [ -n "${PROOFSHEET_BIN:-}" ]; then
  run=("$PROOFSHEET_BIN")
else
  image="${PROOFSHEET_IMAGE:-}"
  if [ -z "$image" ]; then
    repository="$(printf '%s' "${PROOFSHEET_ACTION_REPOSITORY:?no image given and no action repository}" | tr '[:upper:]' '[:lower:]')"
    image="ghcr.io/$repository:${PROOFSHEET_ACTION_REF:-main}"
  fi
  # Registries take lower-case repository names; the tag is kept as it is.
  case "$image" in
    *:*) image="$(printf '%s' "${image%:*}" | tr '[:upper:]' '[:lower:]'):${image##*:}" ;;
    *) image="$(printf '%s' "$image" | tr '[:upper:]' '[:lower:]')" ;;
  esac
  command -v docker >/dev/null || { echo "::error::Proofsheet's action needs Docker on the runner (ubuntu-latest has it)"; exit 3; }
  # The workspace mounted where the check runs, files written as the runner's user.
  run=(docker run --rm -v "$PWD:/work" -w /work --user "$(id -u):$(id -g)" -e HOME=/tmp -e CI=true -e GITHUB_ACTIONS=true "$image")
fi

# The summary goes to a file in the workspace (the container sees it), then onto the job's.
part=".proofsheet-summary-$$.md"
rm -f "$part"
args=()
[ -n "$junit" ] && args+=(--junit "$junit")
args+=(--summary "$part")
if [ -n "${PROOFSHEET_MERGE:-}" ]; then
  # shellcheck disable=SC2086 # the folders are a space-separated list, globs expanded here
  "${run[@]}" merge-reports ${PROOFSHEET_MERGE} -o "$report" "${args[@]}"
  status=$?
else
  [ -n "${PROOFSHEET_CONFIG:-}" ] && args+=(--config "$PROOFSHEET_CONFIG")
  [ -n "${PROOFSHEET_SHARD:-}" ] && args+=(--shard "$PROOFSHEET_SHARD")
  # shellcheck disable=SC2086 # more options, split as words
  "${run[@]}" check --record "${PROOFSHEET_RECORD:-never}" --report "$report" "${args[@]}" ${PROOFSHEET_ARGS:-}
  status=$?
fi
if [ -f "$part" ]; then
  [ -n "$summary" ] && cat "$part" >>"$summary"
  rm -f "$part"
fi

# The outputs, from the report's results.json.
echo "report=$report" >>"$output"
if [ -f "$report/results.json" ]; then
  python3 - "$report/results.json" >>"$output" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
n = {}
for e in r.get("entries", []):
    n[e["status"]] = n.get(e["status"], 0) + 1
print("images=%d" % len(r.get("entries", [])))
print("passed=%d" % (n.get("passed", 0) + n.get("tolerated", 0)))
for key in ["failed", "missing", "recorded"]:
    print("%s=%d" % (key, n.get(key, 0)))
print("errors=%d" % (n.get("error", 0) + len(r.get("sceneErrors") or [])))
EOF
fi
case $status in
  0) verdict=passed ;;
  *) verdict=failed ;;
esac
if [ $status -eq 0 ] && [ "${PROOFSHEET_RECORD:-never}" = all ]; then verdict=recorded; fi
echo "status=$verdict" >>"$output"
exit $status
