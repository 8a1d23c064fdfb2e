# Proofsheet in the environment its goldens are recorded in: Debian 12 with the pinned Cairo,
# Pango, HarfBuzz, FreeType, fontconfig and fonts, and the release binary installed from its
# Debian package. Record and check goldens here on macOS or another distribution, and they
# match CI's.
#
#   docker build -t proofsheet .
#   docker run --rm -v "$PWD:/work" -w /work proofsheet check --report report
#
# scripts/container-check.sh runs the run stage's steps in a Debian 12 root made with
# debootstrap (no Docker engine needed) and checks the examples' goldens inside it.

# Build stage: the Swift toolchain on Debian 12; the release binary, packaged by `make deb`.
FROM swift:6.3.1-bookworm AS build
WORKDIR /src
COPY scripts scripts
# The build packages only: the browser, the shells and Python's venv are for the tests.
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends \
      $(bash scripts/install-deps.sh --print | grep -v -x -e chromium -e python3-venv -e zsh -e fish -e librsvg2-bin -e poppler-utils -e libpng-tools -e pngcheck -e python3-pil -e libxml2-utils -e webp) \
 && rm -rf /var/lib/apt/lists/*
# Package.swift declares the test targets too: their folders must be there to build.
COPY Package.swift README.md CHANGELOG.md LICENSE ./
COPY Sources Sources
COPY Tests Tests
COPY Assets Assets
RUN swift build -c release --static-swift-stdlib --product proofsheet \
 && bash scripts/make-deb.sh .build/release/proofsheet /out

# Run stage: the package, which brings the libraries and fonts it declares; the libraries and
# fonts that shape pixels are pinned to the versions the goldens were recorded with (the
# environment fingerprint). When Debian replaces one of these versions the build fails here:
# move the pin, run scripts/container-check.sh, and record goldens again if it says so.
FROM debian:12.11-slim
COPY --from=build /out/ /tmp/proofsheet/
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      /tmp/proofsheet/proofsheet_*.deb \
      libcairo2=1.16.0-7 libpango-1.0-0=1.50.12+ds-1 libpangocairo-1.0-0=1.50.12+ds-1 libpangoft2-1.0-0=1.50.12+ds-1 \
      libharfbuzz0b=6.0.0+dfsg-3 libharfbuzz-subset0=6.0.0+dfsg-3 libfontconfig1=2.14.1-4 libfreetype6=2.12.1+dfsg-5+deb12u4 \
      fonts-inter=4.0~beta7+ds-1 fonts-quicksand=0.2016-2.1 fonts-dejavu-core=2.37-6 fonts-noto-cjk=1:20220127+repack1-1 \
      fonts-noto-color-emoji=2.042-0+deb12u1 fonts-material-design-icons-iconfont=6.7.0+dfsg-1 fonts-noto-core=20201225-1 \
      git git-lfs ca-certificates \
 && apt-get clean \
 && rm -rf /var/lib/apt/lists/* /tmp/proofsheet
# Goldens are checked in whatever folder is mounted at /work.
WORKDIR /work
ENTRYPOINT ["proofsheet"]
CMD ["--help"]
