#!/usr/bin/env bash
# Installs a built proofsheet binary with what it reads at run time, in the layout it looks for
# from its own location:
#   PREFIX/bin/proofsheet
#   PREFIX/share/proofsheet/Assets        the built-in images, scenes and the pinned fonts.conf
#                                         (not Assets/Docs: the README's pictures), and in
#                                         Assets/CI the CI examples `proofsheet init` writes
#   PREFIX/share/doc/proofsheet/          README.md, CHANGELOG.md, the licence
#   PREFIX/share/bash-completion/completions/proofsheet, zsh and fish completions
# `make install` and `make deb` both install through this script, so the two layouts are one.
#   usage: scripts/install.sh PREFIX [BINARY]     (BINARY: .build/release/proofsheet)
set -euo pipefail

prefix="${1:?usage: scripts/install.sh PREFIX [BINARY]}"
binary="${2:-.build/release/proofsheet}"
root="$(cd "$(dirname "$0")/.." && pwd)"
[ -x "$binary" ] || { echo "install: no built binary at $binary (run make release first)" >&2; exit 2; }

install -d "$prefix/bin" "$prefix/share/proofsheet" "$prefix/share/doc/proofsheet" \
  "$prefix/share/bash-completion/completions" "$prefix/share/zsh/vendor-completions" "$prefix/share/fish/vendor_completions.d"

# The assets go in whole or not at all: copied beside, then moved into place.
staging="$prefix/share/proofsheet/.Assets.installing"
rm -rf "$staging"
cp -R "$root/Assets" "$staging"
rm -rf "$staging/Docs"
# The CI examples, which `proofsheet init` writes from.
cp -R "$root/Examples/ci" "$staging/CI"
find "$staging" -type d -exec chmod 755 {} +
find "$staging" -type f -exec chmod 644 {} +
rm -rf "$prefix/share/proofsheet/Assets"
mv "$staging" "$prefix/share/proofsheet/Assets"

install -m 755 "$binary" "$prefix/bin/proofsheet.installing"
mv "$prefix/bin/proofsheet.installing" "$prefix/bin/proofsheet"

install -m 644 "$root/README.md" "$root/CHANGELOG.md" "$root/LICENSE" "$prefix/share/doc/proofsheet/"

# Completions, written by the installed binary itself.
"$prefix/bin/proofsheet" completion bash > "$prefix/share/bash-completion/completions/proofsheet"
"$prefix/bin/proofsheet" completion zsh > "$prefix/share/zsh/vendor-completions/_proofsheet"
"$prefix/bin/proofsheet" completion fish > "$prefix/share/fish/vendor_completions.d/proofsheet.fish"
chmod 644 "$prefix/share/bash-completion/completions/proofsheet" "$prefix/share/zsh/vendor-completions/_proofsheet" \
  "$prefix/share/fish/vendor_completions.d/proofsheet.fish"

echo "install: proofsheet in $prefix/bin, its assets in $prefix/share/proofsheet/Assets"
