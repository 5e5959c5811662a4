# sdkd: `docker run` a local devnet, or use the image as the sdkd CLI.
# Plain Dockerfile syntax only (no BuildKit-only features), so the classic builder builds it too.
ARG NODE_IMAGE=node:20-bookworm-slim

# Build: every dependency, then TypeScript → dist/ (with the .proto files, and the client commands'
# and the node's bundles with their V8 code caches: the runtime below runs the same Node image, so
# the caches fit).
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build && mkdir -p config

# Production dependencies only. No install scripts: the native modules (classic-level, sodium-native,
# secp256k1) ship prebuilt binaries and need no compiler. What never runs is left out: other
# platforms' prebuilt binaries, secp256k1's C sources, type declarations, TypeScript sources, source
# maps, the packages' tests, docs and markdown, and the Swagger UI files sdkd does not serve (its
# src/server/rest/swagger.ts lists those it does): about two thirds of node_modules.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
  && platform="$(node -p 'process.platform + "-" + process.arch')" \
  && for dir in node_modules/classic-level/prebuilds node_modules/sodium-native/prebuilds \
    node_modules/secp256k1/prebuilds; do \
    if [ -d "${dir}" ]; then \
      find "${dir}" -mindepth 1 -maxdepth 1 ! -name "${platform}" -exec rm -rf {} +; \
    fi; \
  done \
  && rm -rf node_modules/@types node_modules/secp256k1/src \
  && for dir in test tests docs example examples bench benchmark; do \
    rm -rf node_modules/*/"${dir}" node_modules/@*/*/"${dir}"; \
  done \
  && find node_modules -type f \( -name '*.map' -o -name '*.ts' -o -name '*.mts' -o -name '*.cts' \
    -o -iname '*.md' -o -iname '*.markdown' \) -delete \
  && find node_modules/swagger-ui-dist -maxdepth 1 -type f ! -name package.json ! -name LICENSE \
    ! -name index.js ! -name absolute-path.js ! -name swagger-ui.css ! -name swagger-ui-bundle.js \
    ! -name swagger-ui-standalone-preset.js ! -name oauth2-redirect.html ! -name 'favicon-*.png' \
    -delete

# CometBFT for `sdkd start --consensus cometbft`: the pinned, statically linked binary that
# scripts/install-tools.sh builds into .tools/bin, taken from the build context when it is there
# (.dockerignore lets exactly that file through). Nothing is downloaded: without it the pattern
# matches nothing, package.json keeps the COPY valid, /out stays empty and the image has no cometbft.
FROM ${NODE_IMAGE} AS cometbft
WORKDIR /context
COPY package.json .tools/bin/cometbf[t] ./
RUN mkdir -p /out && if [ -f cometbft ]; then install -m 755 cometbft /out/cometbft; fi

# Runtime: the built output and production dependencies; runs as an unprivileged user.
FROM ${NODE_IMAGE}
# uid/gid 1000 is what a desktop user usually has, so a bind-mounted home stays writable for both.
ARG SDKD_UID=1000
ARG SDKD_GID=1000
ENV NODE_ENV=production \
  SDKD_HOME=/home/sdkd/.sdkd \
  SDKD_RPC_LADDR=tcp://0.0.0.0:26657 \
  SDKD_API_ADDRESS=tcp://0.0.0.0:1317 \
  SDKD_GRPC_ADDRESS=0.0.0.0:9090 \
  SDKD_INSTRUMENTATION_PROMETHEUS_LISTEN_ADDR=0.0.0.0:26660 \
  SDKD_DEV_ALLOW_REMOTE=true
# The base may already own the uid/gid (node's images have a `node` user): sdkd takes them over.
RUN set -eu; \
  old_user="$(getent passwd "${SDKD_UID}" | cut -d: -f1)"; \
  if [ -n "${old_user}" ]; then userdel --remove "${old_user}" 2>/dev/null || userdel "${old_user}"; fi; \
  old_group="$(getent group "${SDKD_GID}" | cut -d: -f1)"; \
  if [ -n "${old_group}" ]; then groupdel "${old_group}"; fi; \
  groupadd --gid "${SDKD_GID}" sdkd; \
  useradd --uid "${SDKD_UID}" --gid sdkd --home-dir /home/sdkd --create-home --shell /bin/sh sdkd; \
  mkdir -p "${SDKD_HOME}"; \
  chown "${SDKD_UID}:${SDKD_GID}" "${SDKD_HOME}"
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /src/package.json ./
COPY --from=build /src/config ./config
COPY --from=build /src/dist ./dist
COPY --from=cometbft /out/ /usr/local/bin/
# The CLI must load in this image, the client and node bundles too, and a cometbft copied in must
# run here and be v0.38; fail the build here rather than at the user's first run.
# The native modules' bindings must load too (secp256k1 would fall back to its JavaScript silently).
RUN ln -s /app/dist/cli/main.js /usr/local/bin/sdkd && sdkd version --long > /dev/null \
  && sdkd query --help > /dev/null && sdkd start --help > /dev/null \
  && node -e "require('/app/node_modules/secp256k1/bindings'); require('/app/node_modules/sodium-native'); require('/app/node_modules/classic-level')" \
  && if [ -e /usr/local/bin/cometbft ]; then \
    v="$(cometbft version 2>&1)" || { echo "the build context's .tools/bin/cometbft does not run in this image: $v" >&2; exit 1; }; \
    echo "$v" | grep -q '^0\.38\.' || { echo "the build context's .tools/bin/cometbft is $v, not v0.38 (scripts/install-tools.sh builds it)" >&2; exit 1; }; \
  fi
USER ${SDKD_UID}:${SDKD_GID}
WORKDIR /home/sdkd
# The home (config, keys, chain data): a volume, so the chain survives a container restart.
VOLUME ["/home/sdkd/.sdkd"]
# CometBFT RPC, REST API, gRPC, Prometheus metrics.
EXPOSE 26657 1317 9090 26660
# sdkd finishes or drops the block in progress, closes the database and exits 0 on SIGTERM.
STOPSIGNAL SIGTERM
# Asks the RPC this container serves (the listen address with 0.0.0.0 read as loopback).
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD sdkd status --node "$(echo "${SDKD_RPC_LADDR}" | sed 's#//0\.0\.0\.0:#//127.0.0.1:#')" > /dev/null || exit 1
ENTRYPOINT ["sdkd"]
# The devnet under `sdkd run` (the in-project cosmovisor): it survives its own upgrades.
CMD ["run", "devnet"]
