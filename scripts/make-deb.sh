#!/usr/bin/env bash
# Builds a Debian package of a built proofsheet binary: the files scripts/install.sh installs,
# under /usr, with its dependencies declared — the shared libraries it links (found by
# dpkg-shlibdeps, with the least versions their packages promise) and the pinned fonts
# Assets/Fonts/fonts.conf names. The Swift runtime is linked into the binary
# (--static-swift-stdlib), so the package needs no Swift toolchain.
#   usage: scripts/make-deb.sh [BINARY] [OUT_DIR]   (.build/release/proofsheet, .build)
# Prints the path of the package it wrote. The same binary gives the same package bytes.
set -euo pipefail

binary="${1:-.build/release/proofsheet}"
out="${2:-.build}"
root="$(cd "$(dirname "$0")/.." && pwd)"
[ -x "$binary" ] || { echo "deb: no built binary at $binary (run make release first)" >&2; exit 2; }
for tool in dpkg-deb dpkg-shlibdeps; do
  command -v "$tool" >/dev/null || { echo "deb: $tool is missing (apt-get install dpkg-dev)" >&2; exit 2; }
done

version="$("$binary" --version | head -1 | awk '{print $2}')"
arch="$(dpkg --print-architecture)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
stage="$work/proofsheet_${version}_${arch}"

bash "$root/scripts/install.sh" "$stage/usr" "$binary" >/dev/null
# Without its symbol table, as Debian ships binaries (91 MB to 64 MB; the same pixels).
strip --strip-all "$stage/usr/bin/proofsheet"
# Debian keeps the licence as copyright and compresses the changelog.
mv "$stage/usr/share/doc/proofsheet/LICENSE" "$stage/usr/share/doc/proofsheet/copyright"
gzip -9n "$stage/usr/share/doc/proofsheet/CHANGELOG.md"

# The libraries the binary links, as package dependencies.
mkdir -p "$work/debian"
printf 'Source: proofsheet\n\nPackage: proofsheet\nArchitecture: any\n' > "$work/debian/control"
libs="$(cd "$work" && dpkg-shlibdeps -O "proofsheet_${version}_${arch}/usr/bin/proofsheet" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')"
[ -n "$libs" ] || { echo "deb: dpkg-shlibdeps found no dependencies for $binary" >&2; exit 3; }
# The pinned fonts, the packages fonts.conf reads its faces from.
fonts="fonts-inter, fonts-quicksand, fonts-dejavu-core, fonts-noto-cjk, fonts-noto-color-emoji, fonts-noto-core, fonts-material-design-icons-iconfont"

size="$(du -sk "$stage/usr" | cut -f1)"
mkdir -p "$stage/DEBIAN"
cat > "$stage/DEBIAN/control" <<EOF
Package: proofsheet
Version: $version
Architecture: $arch
Maintainer: Proofsheet maintainers <maintainers@proofsheet.invalid>
Installed-Size: $size
Depends: $libs, $fonts
Section: graphics
Priority: optional
Description: render SwiftUI-like phone screens to PNG, SVG and PDF
 Proofsheet renders phone-UI mockups from declarative scene files through
 Cairo and Pango: design previews for every screen, state and device,
 animation contact sheets and storyboards of gestures with SwiftUI's
 curves and springs, and golden-image checks with reports for CI.
EOF

# Same input, same bytes: fixed times and owners.
epoch="$(git -C "$root" log -1 --format=%ct 2>/dev/null || echo 0)"
find "$stage" -exec touch -h -d "@$epoch" {} +
mkdir -p "$out"
package="$out/proofsheet_${version}_${arch}.deb"
SOURCE_DATE_EPOCH="$epoch" dpkg-deb --root-owner-group -Zxz --build "$stage" "$package.partial" >/dev/null
mv "$package.partial" "$package"
echo "$package"
