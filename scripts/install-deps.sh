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
  # Real clients the tests read our output with: librsvg, poppler, libpng's tools (pngfix,
  # pngcheck), Pillow (Debian's python3), and a
  # browser for the HTML report.
  librsvg2-bin poppler-utils libpng-tools pngcheck python3-pil chromium
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
  exit 0
fi

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
