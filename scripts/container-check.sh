#!/usr/bin/env bash
# Runs the Dockerfile's steps without a Docker engine, and checks the examples inside the result:
#   1. the build stage: the build context as .dockerignore leaves it, built and packaged with the
#      stage's own commands, by this machine's Swift toolchain instead of the swift image's;
#   2. the run stage: a Debian 12 root made with debootstrap (kept in .build/container/root and
#      reused), the package copied in as the stage's COPY does, then the stage's RUN instruction,
#      read from the Dockerfile, run in a chroot;
#   3. inside it: `proofsheet --version` (its fingerprint must be this machine's) and
#      `proofsheet check` of the project's own proofsheet.json against the committed goldens.
# Prints the size of the root (what the image holds). Needs root (chroot) and the Debian mirror.
# Not part of `make test` (minutes, and downloads); run it when the Dockerfile or a pin changes.
set -euo pipefail

project="$(cd "$(dirname "$0")/.." && pwd)"
work="$project/.build/container"
root="$work/root"
[ "$(id -u)" -eq 0 ] || { echo "container-check: run as root (chroot)" >&2; exit 2; }
command -v debootstrap >/dev/null || { echo "container-check: apt-get install debootstrap" >&2; exit 2; }
mkdir -p "$work"

# The run stage's base: Debian 12, made once.
if [ ! -f "$root/.proofsheet-base" ]; then
  rm -rf "$root"
  echo "container-check: debootstrap bookworm into $root"
  debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >"$work/debootstrap.log"
  printf 'deb http://deb.debian.org/debian bookworm main\ndeb http://deb.debian.org/debian bookworm-updates main\ndeb http://deb.debian.org/debian-security bookworm-security main\n' \
    >"$root/etc/apt/sources.list"
  touch "$root/.proofsheet-base"
  # A copy of the base, so every run starts from it.
  rm -rf "$work/base" && cp -a "$root" "$work/base"
else
  rm -rf "$root" && cp -a "$work/base" "$root"
fi

# 1. The build stage, from the context .dockerignore leaves.
context="$work/context"
rm -rf "$context" && mkdir -p "$context"
excludes=()
while IFS= read -r line; do
  case "$line" in '' | \#*) continue ;; esac
  excludes+=("--exclude=./${line#/}")
done <"$project/.dockerignore"
(cd "$project" && tar -c "${excludes[@]}" --exclude=./.build --exclude=./.git . ) | tar -x -C "$context"
echo "container-check: build context $(du -sh "$context" | cut -f1)"
(
  cd "$context"
  swift build -c release --static-swift-stdlib --product proofsheet >"$work/build.log" 2>&1 \
    || { tail -20 "$work/build.log"; exit 3; }
  bash scripts/make-deb.sh .build/release/proofsheet "$work/out" >/dev/null
)

# 2. The run stage: COPY --from=build /out/ /tmp/proofsheet/, then its RUN.
mkdir -p "$root/tmp/proofsheet" && cp "$work"/out/proofsheet_*.deb "$root/tmp/proofsheet/"
cp /etc/resolv.conf "$root/etc/resolv.conf"
run="$(awk '/^FROM /{stage++} stage==2 && /^RUN /{on=1} on{print; if ($0 !~ /\\$/) exit}' "$project/Dockerfile" \
  | sed -e 's/^RUN //' -e 's/\\$//' | tr '\n' ' ')"
[ -n "$run" ] || { echo "container-check: no RUN in the Dockerfile's run stage" >&2; exit 3; }
if mount -t proc proc "$root/proc" 2>/dev/null; then trap 'umount "$root/proc" 2>/dev/null || true' EXIT; fi
echo "container-check: the run stage's RUN, in the chroot"
chroot "$root" /bin/sh -c "$run" >"$work/run-stage.log" 2>&1 || { tail -20 "$work/run-stage.log"; exit 1; }
# What an image built from it holds (the apt lists and the package are removed by the RUN).
echo "container-check: image root $(du -sh --exclude=proc "$root" | cut -f1)"

# 3. Inside: the fingerprint, then the examples' check against the committed goldens.
here="$("$project/.build/release/proofsheet" --version | sed -n 's/^environment *//p')"
there="$(chroot "$root" proofsheet --version | sed -n 's/^environment *//p')"
echo "container-check: environment in the root: $there"
[ "$here" = "$there" ] || { echo "container-check: the root's environment differs from this machine's ($here)" >&2; exit 1; }
mkdir -p "$root/work"
(cd "$project" && tar -c proofsheet.json Assets/Scenes Assets/Images Tests/Goldens/check) | tar -x -C "$root/work"
chroot "$root" /bin/sh -c "cd /work && proofsheet check --report /tmp/report" | tail -3
echo "container-check: the examples' goldens match inside the root"
