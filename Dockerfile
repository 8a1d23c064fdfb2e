# Proofsheet in the environment its goldens are recorded in: Debian 12 with the pinned Cairo,
# Pango, HarfBuzz, FreeType, fontconfig and fonts, the Swift runtime libraries and the release
# binary. Record and check goldens here on macOS or another distribution, and they match CI's.
#
#   docker build -t proofsheet .
#   docker run --rm -v "$PWD:/work" -w /work proofsheet check --report report
#
# Build stage: the Swift toolchain on Debian 12, the same packages as scripts/install-deps.sh.
FROM swift:6.0-bookworm AS build
WORKDIR /src
COPY scripts/install-deps.sh scripts/install-deps.sh
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends $(bash scripts/install-deps.sh --print | grep -v -e chromium -e python3-venv) \
 && rm -rf /var/lib/apt/lists/*
COPY Package.swift ./
COPY Sources Sources
COPY Assets Assets
RUN swift build -c release --product proofsheet \
 && mkdir -p /out/bin /out/lib \
 && cp .build/release/proofsheet /out/bin/ \
 && cp /usr/lib/swift/linux/*.so /out/lib/

# Run stage: only the run-time libraries, the pinned fonts, the Swift runtime and the binary.
FROM debian:12-slim
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends \
      libcairo2 libpango-1.0-0 libpangocairo-1.0-0 libpangoft2-1.0-0 libharfbuzz0b libharfbuzz-subset0 libfontconfig1 libfreetype6 \
      libpng16-16 libjpeg62-turbo libdeflate0 \
      fonts-inter fonts-quicksand fonts-dejavu-core fonts-noto-cjk fonts-noto-color-emoji fonts-material-design-icons-iconfont fonts-noto-core \
      git git-lfs ca-certificates \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /out/lib/ /usr/lib/swift/linux/
RUN echo /usr/lib/swift/linux > /etc/ld.so.conf.d/swift.conf && ldconfig
COPY --from=build /out/bin/proofsheet /usr/local/bin/proofsheet
COPY Assets /usr/local/share/proofsheet/Assets
# Goldens are checked in whatever folder is mounted at /work.
WORKDIR /work
ENTRYPOINT ["proofsheet"]
CMD ["--help"]
