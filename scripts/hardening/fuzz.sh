#!/usr/bin/env bash
# Fuzzes the parsers and decoders with libFuzzer and AddressSanitizer (`make fuzz`).
#
#   scripts/hardening/fuzz.sh [SECONDS per target] [TARGET...]
#
# Targets: scene layout expression png jpeg report (all by default). Builds ProofsheetFuzz into
# .build/fuzz, makes seed corpora from the example scenes, images, test fixtures and
# Tests/Fuzz/Corpus, then runs each target for SECONDS. The growing corpus, crash inputs and logs
# stay under .build/fuzz/work (kept between runs, never committed). A crash input belongs in
# Tests/Fuzz/Regressions/<target>/ once fixed: `make test` replays that folder.
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(scene layout expression png jpeg report)

build=.build/fuzz
work=$build/work
swift build -c release --build-path "$build" --product ProofsheetFuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xcc -fsanitize=fuzzer-no-link,address
bin=$build/release/ProofsheetFuzz

# Seeds are rebuilt each run from the sources; the corpus libFuzzer grows is kept.
rm -rf "$work/seeds"
mkdir -p "$work/seeds" "$work/dict"
seed() { local t=$1; shift; mkdir -p "$work/seeds/$t"; for f in "$@"; do [ -f "$f" ] && cp "$f" "$work/seeds/$t/"; done; return 0; }
seed scene Assets/Scenes/*.json Tests/Fuzz/Corpus/scene/* Tests/Fuzz/Regressions/scene/*
seed layout Assets/Scenes/*.json Tests/Fuzz/Corpus/scene/* Tests/Fuzz/Regressions/layout/*
seed png Tests/Fuzz/Corpus/png/* Tests/ProofsheetDiffTests/Fixtures/pixelmatch/fixtures/*.png Tests/Fuzz/Regressions/png/*
seed jpeg Tests/Fuzz/Corpus/jpeg/* Assets/Images/*.jpg Tests/Fuzz/Regressions/jpeg/*
seed report Tests/Fuzz/Corpus/report/* Tests/Fuzz/Regressions/report/*
seed expression Tests/Fuzz/Corpus/expression/* Tests/Fuzz/Regressions/expression/*
# Every "=…" expression and ${…} interpolation in the example scenes, one file each.
n=0
{ grep -ho '"=[^"]*"' Assets/Scenes/*.json | sed 's/^"=//; s/"$//'
  grep -ho '\${[^}]*}' Assets/Scenes/*.json | sed 's/^\${//; s/}$//'; } | sort -u |
  while IFS= read -r e; do n=$((n + 1)); printf '%s' "$e" > "$work/seeds/expression/scene-$n"; done

# Dictionaries: JSON punctuation plus every key and word of the example scenes and reports.
{ printf '"{"\n"}"\n"["\n"]"\n":"\n","\n"\\""\n"true"\n"false"\n"null"\n"-1e308"\n"\\\\u00e9"\n"\\\\ud83d\\\\ude00"\n'
  cat Assets/Scenes/*.json Tests/Fuzz/Corpus/report/* | grep -o '"[A-Za-z$=][^"\\]\{0,40\}"' | LC_ALL=C grep -v '[^ -~]' | sort -u |
    sed 's/\\/\\\\/g; s/"/\\"/g; s/^/"/; s/$/"/'; } > "$work/dict/json"
{ for t in '$' '.' '(' ')' '?' ':' '&&' '||' '!' '==' '!=' '<=' '>=' '<' '>' '+' '-' '*' '/' '%' "'" \
           true false 'min(' 'max(' 'abs(' ','; do printf '"%s"\n' "$t"; done
  grep -ho '\$[A-Za-z_][A-Za-z0-9_.]*' Assets/Scenes/*.json | sort -u | sed 's/^/"/; s/$/"/'; } > "$work/dict/expression"

max_len() { case $1 in scene|layout) echo 32768 ;; expression) echo 512 ;; report) echo 16384 ;; *) echo 32768 ;; esac; }
dict() { case $1 in scene|layout|report) echo "-dict=$work/dict/json" ;; expression) echo "-dict=$work/dict/expression" ;; esac; }

summary=()
for t in "${targets[@]}"; do
  mkdir -p "$work/corpus/$t" "$work/crashes/$t"
  log=$work/$t.log
  echo "== $t: ${seconds}s (log: $log)"
  set +e
  LSAN_OPTIONS=suppressions=scripts/hardening/lsan.supp:print_suppressions=0 PROOFSHEET_FUZZ_TARGET=$t "$bin" "$work/corpus/$t" "$work/seeds/$t" $(dict "$t") \
    -max_total_time="$seconds" -rss_limit_mb=1536 -timeout=10 -max_len="$(max_len "$t")" -use_value_profile=1 \
    -artifact_prefix="$work/crashes/$t/" -print_final_stats=1 > "$log" 2>&1
  status=$?
  set -e
  execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | tail -1 | awk '{print $2}' || true)
  found=$(find "$work/crashes/$t" -type f | wc -l)
  corpus=$(find "$work/corpus/$t" -type f | wc -l)
  line="$t: ${execs:-?} executions in ${seconds}s, corpus $corpus files, exit $status, $found finding(s) in $work/crashes/$t"
  echo "$line"
  [ "$status" -eq 0 ] || grep -m3 -E 'ERROR|Fatal error|deadly signal|SUMMARY' "$log" || true
  summary+=("$line")
done
echo
printf '%s\n' "${summary[@]}"
