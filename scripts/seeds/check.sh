#!/usr/bin/env bash
# The seeds' own SwiftUI code rendered by `proofsheet swiftui` and compared with the scene files
# of the same screens: each still pixel for pixel, each timeline frame for frame.
#
#   scripts/seeds/check.sh <folder of the seed texts> [seed number...]     (make seeds SEEDS=…)
#
# The seed texts are tutorials and are not part of Proofsheet: each <n>.recipe says which lines
# of its text make the code (`take A-B`, or `part L code` for code run together with other code
# on line L) and the lines the tutorial leaves out (`add …`: imports, closing braces); <n>.swift is Proofsheet's own file beside it, the previews and timelines
# (touches by screen point: the tutorials' views carry no ids); <n>.compare pairs each preview
# with a scene file's still or timeline. Exit 0 when every pair is the same, 1 when one differs,
# 2 for a bad argument. KEEP=<folder> keeps what was drawn.
set -euo pipefail

seeds=${1:-}
if [ -z "$seeds" ] || [ ! -d "$seeds" ]; then
    echo "usage: scripts/seeds/check.sh <folder of the seed texts> [seed number...]" >&2
    exit 2
fi
shift
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=$root/.build/release/proofsheet
[ -x "$bin" ] || { echo "build the release binary first (make release)" >&2; exit 2; }
# KEEP=<folder> keeps every file drawn there (the assembled code, both sides' frames).
if [ -n "${KEEP:-}" ]; then
    work=$KEEP
    rm -rf "$work"
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi

if [ $# -gt 0 ]; then numbers="$*"; else numbers=$(cd "$here" && ls *.recipe | sed 's/\.recipe$//'); fi
status=0
for n in $numbers; do
    [ -f "$here/$n.recipe" ] || { echo "no recipe $n.recipe" >&2; exit 2; }
    src=$work/$n/src
    mkdir -p "$src"
    seed="" out=""
    while IFS= read -r line || [ -n "$line" ]; do
        case "$line" in
            "#"* | "") ;;
            "seed "*)
                seed=$seeds/${line#seed }
                [ -f "$seed" ] || { echo "$n: the seed text ${line#seed } is not in $seeds" >&2; exit 2; }
                ;;
            "file "*)
                out=$src/${line#file }
                mkdir -p "$(dirname "$out")"
                ;;
            "add "*) printf '%s\n' "${line#add }" >>"$out" ;;
            "part "*)
                # `part L code`: code that stands on line L of the text among other words (the
                # text runs several lines of code into one): checked to be there as written.
                rest=${line#part }
                number=${rest%% *} code=${rest#* }
                text=$(sed -n "${number}p" "$seed")
                case "$text" in
                    *"$code"*) printf '%s\n' "$code" >>"$out" ;;
                    *) echo "$n.recipe: line $number of the text has no '$code'" >&2; exit 2 ;;
                esac
                ;;
            "take "*)
                range=${line#take }
                sed -n "${range/-/,}p" "$seed" >>"$out"
                ;;
            *) echo "$n.recipe: cannot read '$line'" >&2; exit 2 ;;
        esac
    done <"$here/$n.recipe"
    cp "$here/$n.swift" "$src/SeedPreviews.swift"
    lines=$(cat "$src"/*.swift | wc -l)
    adds=$(grep -c '^add ' "$here/$n.recipe" || true)
    echo "seed $n: $(ls "$src" | grep -v SeedPreviews | grep -c '\.swift$') file(s) of the tutorial's code, $adds line(s) it leaves out added"
    start=$(date +%s.%N)
    "$bin" swiftui "$src" -o "$work/$n/swift" --scale 1 --frames --fps 30 -q --cache "$work/cache"
    echo "  compiled and drawn in $(echo "$(date +%s.%N) - $start" | bc | cut -c1-5) s ($lines lines with the previews file)"
    while read -r preview kind scene name from; do
        case "$preview" in "#"* | "") continue ;; esac
        if [ "$kind" = still ]; then
            "$bin" render "$root/Assets/Scenes/$scene" --still "$name" --scale 1 -o "$work/$n/json-$name.png" 2>/dev/null
            if "$bin" diff "$work/$n/json-$name.png" "$work/$n/swift/$preview.png" >/dev/null 2>&1; then
                echo "  still    $preview = $scene $name: 0 pixels differ"
            else
                echo "  still    $preview ≠ $scene $name: $("$bin" diff "$work/$n/json-$name.png" "$work/$n/swift/$preview.png" 2>&1 | head -1)"
                status=1
            fi
        else
            "$bin" frames "$root/Assets/Scenes/$scene" --timeline "$name" --scale 1 --fps 30 -q -o "$work/$n/json-$name"
            # A fifth field is the time in the Swift timeline the scene file's timeline starts
            # at (a start state the Swift views reach by touches): earlier frames are not compared.
            skip=0 since=""
            if [ -n "${from:-}" ]; then
                skip=$(printf '%.0f' "$(echo "${from%s} * 30" | bc)")
                since=" from ${from%s} s"
            fi
            json=$(ls "$work/$n/json-$name" | grep -c '^frame-')
            swift=$(($(ls "$work/$n/swift/$preview.$name" | grep -c '^frame-') - skip))
            differ=0 i=0
            for f in "$work/$n/json-$name"/frame-*.png; do
                other=$(ls "$work/$n/swift/$preview.$name"/frame-*.png | sed -n "$((i + skip + 1))p")
                if [ -z "$other" ] || ! "$bin" diff "$f" "$other" >/dev/null 2>&1; then differ=$((differ + 1)); fi
                i=$((i + 1))
            done
            if [ "$json" = "$swift" ] && [ $differ = 0 ]; then
                echo "  timeline $preview.$name$since = $scene $name: $json frames at 30 fps, 0 differ"
            else
                echo "  timeline $preview.$name$since ≠ $scene $name: $swift frames against $json, $differ differ"
                status=1
            fi
        fi
    done <"$here/$n.compare"
done
exit $status
