#!/usr/bin/env bash
# Docker smoke test: builds the sdkd image and runs it for real, on a machine that may pull no image.
#
#   scripts/docker-smoke.sh
#
# Uses the Docker engine `docker` reaches; when none answers it starts its own dockerd (Debian's
# docker.io) with a temporary data root and socket, and stops it by its PID at the end. When the base
# image (NODE_IMAGE, default node:20-bookworm-slim) is missing it loads it from the cache, or builds a
# stand-in: a debootstrap minbase bookworm root file system plus this machine's node and npm,
# `docker import`ed under the base image's tag, then saved to the cache. Missing packages (docker.io,
# debootstrap) are installed with apt-get when running as root.
#
# Then: build (--network host), run the devnet (--network host, free ports), wait for height 3, query
# RPC, REST and gRPC, use the image as the CLI, compare bad-input errors with the host's, `docker stop`
# (exit 0), start again on the same volume (the chain continues). Then one validator under CometBFT
# when the image has the cometbft that scripts/install-tools.sh puts in .tools/bin (a fresh home in a
# volume, config.toml on free ports with proxy_app on loopback, `sdkd start --consensus cometbft`:
# CometBFT's RPC reaches height 3, sdkd's REST answers, healthy, `docker stop` exits 0); without it
# that part checks the start's error, prints why the rest of it is skipped, and the others still run.
# Last, print the image size (target < 250 MB). Removes everything it created except the cached base
# image. The last line is `PASS` or `FAIL <what failed>`; the exit status is 0 or 1.
#
# Environment: NODE_IMAGE (base image), SDKD_SMOKE_CACHE (cache directory, default
# ${XDG_CACHE_HOME:-~/.cache}/sdkd-docker-smoke).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1

NODE_IMAGE=${NODE_IMAGE:-node:20-bookworm-slim}
CACHE_DIR=${SDKD_SMOKE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sdkd-docker-smoke}
SIZE_TARGET_MB=250
CHAIN_ID=smoke-chain-1
HOME_IN_IMAGE=/home/sdkd/.sdkd
RUN_ID="$(date +%s)-$$"
IMAGE="sdkd-smoke:${RUN_ID}"
NAME="sdkd-smoke-${RUN_ID}"
VOLUME="sdkd-smoke-${RUN_ID}-home"
BAD_VOLUME="sdkd-smoke-${RUN_ID}-broken-home"
COMET_NAME="sdkd-smoke-${RUN_ID}-cometbft"
COMET_VOLUME="sdkd-smoke-${RUN_ID}-cometbft-home"
COMET_CHAIN_ID=smoke-cometbft-1
HOST_SDKD=dist/cli/main.js

WORK=$(mktemp -d /tmp/sdkd-smoke.XXXXXX)
DOCKERD_PID=
DOCKERD_DIR=
POLICY_RC_CREATED=
FAILURES=()

say() { printf '==> %s\n' "$*"; }
note() { printf '    %s\n' "$*"; }
fail() {
  FAILURES+=("$1")
  printf '    FAILED: %s\n' "$1"
}
elapsed_since() { echo $(($(date +%s) - $1)); }

# HTTP GET through node (always present where sdkd is built): body on stdout, non-2xx → exit 1. No
# process.exit() after the write: on a pipe it would cut a body longer than 64 KB.
http_get() {
  node -e '
    fetch(process.argv[1], { signal: AbortSignal.timeout(5000) })
      .then(async (r) => { const body = await r.text(); process.exitCode = r.ok ? 0 : 1; process.stdout.write(body) })
      .catch((e) => { process.stderr.write(`${e.cause?.message ?? e.message}\n`); process.exit(2) })
  ' "$1"
}
# Evaluates a JS expression over the JSON on stdin (bound to `j`); prints the result.
json() {
  node -e '
    let s = ""
    process.stdin.on("data", (d) => (s += d)).on("end", () => {
      let v
      try { v = new Function("j", `return (${process.argv[1]})`)(JSON.parse(s)) } catch { process.exit(1) }
      if (v === undefined || v === null) process.exit(1)
      process.stdout.write(`${v}\n`)
    })
  ' "$1"
}
rpc_height() { http_get "http://127.0.0.1:${1:-$RPC_PORT}/status" 2> /dev/null | json 'j.result.sync_info.latest_block_height'; }
# Polls `cmd` every half second until it succeeds or `seconds` pass.
wait_until() {
  local seconds=$1
  shift
  local deadline=$(($(date +%s) + seconds))
  while [ "$(date +%s)" -lt "$deadline" ]; do
    if "$@" > /dev/null 2>&1; then return 0; fi
    sleep 0.5
  done
  return 1
}
# height_at_least <min> [rpc port]
height_at_least() { local h; h=$(rpc_height "${2:-}") && [ "$h" -ge "$1" ]; }
free_ports() {
  node -e '
    const net = require("node:net")
    const servers = [0, 1, 2, 3].map(() => net.createServer())
    Promise.all(servers.map((s) => new Promise((r) => s.listen(0, "0.0.0.0", r)))).then(() => {
      console.log(servers.map((s) => s.address().port).join(" "))
      servers.forEach((s) => s.close())
    })
  '
}
tcp_open() { node -e 'require("node:net").connect(Number(process.argv[1]), "127.0.0.1").on("connect", () => process.exit(0)).on("error", () => process.exit(1))' "$1"; }

# Installs Debian packages that provide missing commands (root only; services are kept from starting).
ensure_commands() {
  local missing=()
  while [ $# -gt 0 ]; do
    command -v "$1" > /dev/null 2>&1 || missing+=("$2")
    shift 2
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get > /dev/null 2>&1; then
    echo "missing packages ${missing[*]} and cannot install them (needs root and apt-get)"
    return 1
  fi
  say "installing ${missing[*]} (apt-get)"
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod 755 /usr/sbin/policy-rc.d
    POLICY_RC_CREATED=1
  fi
  local start
  start=$(date +%s)
  apt-get update -qq > "$WORK/apt.log" 2>&1 &&
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >> "$WORK/apt.log" 2>&1
  local rc=$?
  if [ -n "$POLICY_RC_CREATED" ]; then rm -f /usr/sbin/policy-rc.d && POLICY_RC_CREATED=; fi
  if [ $rc -ne 0 ]; then
    tail -n 20 "$WORK/apt.log"
    return 1
  fi
  note "installed in $(elapsed_since "$start") s"
}

start_dockerd() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "no Docker engine answers and starting one needs root"
    return 1
  fi
  ensure_commands dockerd docker.io docker docker.io || return 1
  DOCKERD_DIR=$(mktemp -d /tmp/sdkd-dockerd.XXXXXX)
  echo '{}' > "$DOCKERD_DIR/daemon.json"
  dockerd --config-file "$DOCKERD_DIR/daemon.json" --data-root "$DOCKERD_DIR/data" \
    --exec-root "$DOCKERD_DIR/exec" --pidfile "$DOCKERD_DIR/dockerd.pid" \
    -H "unix://$DOCKERD_DIR/docker.sock" \
    --bridge=none --iptables=false --ip6tables=false --ip-masq=false \
    > "$DOCKERD_DIR/dockerd.log" 2>&1 &
  DOCKERD_PID=$!
  export DOCKER_HOST="unix://$DOCKERD_DIR/docker.sock"
  local _
  for _ in $(seq 1 60); do
    if docker info > /dev/null 2>&1; then
      note "dockerd pid ${DOCKERD_PID}, socket ${DOCKER_HOST#unix://}"
      return 0
    fi
    kill -0 "$DOCKERD_PID" 2> /dev/null || break
    sleep 0.5
  done
  echo "dockerd did not come up; its log ends with:"
  tail -n 15 "$DOCKERD_DIR/dockerd.log"
  return 1
}

stop_dockerd() {
  [ -n "$DOCKERD_PID" ] || return 0
  say "stopping dockerd (pid ${DOCKERD_PID})"
  kill -TERM "$DOCKERD_PID" 2> /dev/null
  local _
  for _ in $(seq 1 60); do
    kill -0 "$DOCKERD_PID" 2> /dev/null || break
    sleep 0.5
  done
  if kill -0 "$DOCKERD_PID" 2> /dev/null; then
    note "dockerd ignored SIGTERM for 30 s: SIGKILL"
    kill -KILL "$DOCKERD_PID" 2> /dev/null
  fi
  wait "$DOCKERD_PID" 2> /dev/null
  DOCKERD_PID=
  # Anything the engine left mounted under its directories must go before they can be removed.
  local m
  for m in $(awk -v d="$DOCKERD_DIR" 'index($2, d) == 1 { print $2 }' /proc/mounts | sort -r); do
    umount -l "$m" 2> /dev/null
  done
  rm -rf "$DOCKERD_DIR"
}

# Debootstrap URL of the host's own Debian mirror (so no host name is written here); empty = default.
debian_mirror() {
  apt-cache policy 2> /dev/null | awk '$3 ~ /^bookworm\/main$/ && $2 ~ /^https?:/ { print $2; exit }'
}

# The stand-in for the base image: Debian bookworm minbase + the host's node and npm, as node's -slim
# images lay them out (/usr/local, a `node` user with uid 1000), without docs, man pages and apt lists.
build_standin_base() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "building the stand-in base image (debootstrap, chroot) needs root"
    return 1
  fi
  ensure_commands debootstrap debootstrap || return 1
  local node_bin npm_dir rootfs start mirror lib
  node_bin=$(readlink -f "$(command -v node)")
  npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
  rootfs="$WORK/rootfs"
  mirror=$(debian_mirror)
  start=$(date +%s)
  say "debootstrap --variant=minbase bookworm ${mirror:+($mirror)}"
  if ! debootstrap --variant=minbase bookworm "$rootfs" ${mirror:+"$mirror"} > "$WORK/debootstrap.log" 2>&1; then
    tail -n 20 "$WORK/debootstrap.log"
    return 1
  fi
  note "debootstrap took $(elapsed_since "$start") s"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/cache/apt/*.bin \
    "$rootfs"/var/lib/apt/lists/* "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* \
    "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/* "$rootfs"/var/log/*.log
  install -D -m 755 "$node_bin" "$rootfs/usr/local/bin/node"
  mkdir -p "$rootfs/usr/local/lib/node_modules"
  cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  # Shared libraries node needs that minbase lacks come from the host.
  for lib in $(chroot "$rootfs" ldd /usr/local/bin/node 2> /dev/null | awk '/not found/ { print $1 }'); do
    cp -L "$(ldconfig -p | awk -v l="$lib" '$1 == l { print $NF; exit }')" "$rootfs/usr/lib/x86_64-linux-gnu/"
  done
  chroot "$rootfs" groupadd --gid 1000 node &&
    chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node || return 1
  local changes=(--change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
    --change "ENV NODE_VERSION=$(node -p 'process.versions.node')" --change 'CMD ["node"]')
  # A machine whose TLS goes through an intercepting proxy names the extra CAs node must trust (npm
  # inside the build needs them); the stand-in trusts what the host's node and npm trust.
  local ca=${NODE_EXTRA_CA_CERTS:-}
  [ -n "$ca" ] || ca=$(npm config get cafile 2> /dev/null)
  if [ -n "$ca" ] && [ -f "$ca" ]; then
    install -D -m 644 "$ca" "$rootfs/usr/local/share/ca-certificates/host-extra-ca.crt"
    changes+=(--change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/host-extra-ca.crt')
  fi
  if ! chroot "$rootfs" /usr/local/bin/node -e 'process.exit(0)' > /dev/null 2>&1; then
    echo "node does not run inside the stand-in root file system"
    return 1
  fi
  start=$(date +%s)
  tar --numeric-owner -C "$rootfs" --exclude='./dev/*' --exclude='./proc/*' --exclude='./sys/*' -cf - . |
    docker import "${changes[@]}" - "$NODE_IMAGE" > /dev/null || return 1
  rm -rf "$rootfs"
  note "imported as ${NODE_IMAGE} in $(elapsed_since "$start") s"
  mkdir -p "$CACHE_DIR" &&
    docker save "$NODE_IMAGE" | gzip -1 > "$CACHE_FILE.tmp" && mv "$CACHE_FILE.tmp" "$CACHE_FILE" &&
    note "cached as $CACHE_FILE"
  return 0
}

ensure_base_image() {
  if docker image inspect "$NODE_IMAGE" > /dev/null 2>&1; then
    note "base image ${NODE_IMAGE} is present"
    return 0
  fi
  CACHE_FILE="$CACHE_DIR/$(echo "$NODE_IMAGE" | tr '/:' '__')-standin-node$(node -p 'process.versions.node').tar.gz"
  if [ -f "$CACHE_FILE" ] && docker load -i "$CACHE_FILE" > /dev/null 2>&1 &&
    docker image inspect "$NODE_IMAGE" > /dev/null 2>&1; then
    note "base image ${NODE_IMAGE} loaded from the cache ($CACHE_FILE)"
    return 0
  fi
  say "base image ${NODE_IMAGE} is missing and cannot be pulled: building a stand-in"
  build_standin_base
}

cleanup() {
  say "cleaning up"
  if docker info > /dev/null 2>&1; then
    docker rm -f "$NAME" "$COMET_NAME" > /dev/null 2>&1
    docker volume rm -f "$VOLUME" "$BAD_VOLUME" "$COMET_VOLUME" > /dev/null 2>&1
    docker rmi "$IMAGE" > /dev/null 2>&1
    # The other build stages' images (the classic builder keeps them, untagged): exactly the step
    # images this build printed, and only while they are untagged; removing one removes its
    # untagged parents too.
    if [ -z "$DOCKERD_PID" ] && [ -f "$WORK/build.log" ]; then
      local id
      for id in $(grep -oE '^ ---> [0-9a-f]{12}$' "$WORK/build.log" | awk '{ print $2 }' | tac); do
        [ "$(docker image inspect -f '{{len .RepoTags}}' "$id" 2> /dev/null)" = 0 ] &&
          docker rmi "$id" > /dev/null 2>&1
      done
    fi
  fi
  # An engine this script started goes with all its images, containers and volumes.
  stop_dockerd
  if [ -n "$POLICY_RC_CREATED" ]; then rm -f /usr/sbin/policy-rc.d; fi
  rm -rf "$WORK"
}

finish() {
  local rc=$?
  trap - EXIT INT TERM
  cleanup
  if [ ${#FAILURES[@]} -eq 0 ] && [ "$rc" -eq 0 ]; then
    echo "PASS"
    exit 0
  fi
  [ ${#FAILURES[@]} -eq 0 ] && FAILURES+=("interrupted")
  local joined
  joined=$(printf '%s; ' "${FAILURES[@]}")
  echo "FAIL ${joined%; }"
  exit 1
}
trap finish EXIT
trap 'exit 130' INT TERM

# ---------------------------------------------------------------------------------------------------
T0=$(date +%s)
say "Docker engine"
if docker info > /dev/null 2>&1; then
  note "using the running engine"
elif ! start_dockerd > "$WORK/engine.log" 2>&1; then
  cat "$WORK/engine.log"
  fail "no Docker engine"
  exit 1
else
  cat "$WORK/engine.log"
fi

say "base image"
if ! ensure_base_image; then
  fail "base image ${NODE_IMAGE}"
  exit 1
fi

say "docker build --network host"
start=$(date +%s)
# The classic builder: it uses the local base image as is and needs no BuildKit plugin.
if ! DOCKER_BUILDKIT=0 docker build --network host --build-arg "NODE_IMAGE=${NODE_IMAGE}" \
  -t "$IMAGE" . > "$WORK/build.log" 2>&1; then
  tail -n 30 "$WORK/build.log" | sed 's/^/    | /'
  fail "docker build"
  exit 1
fi
note "built ${IMAGE} in $(elapsed_since "$start") s"

say "image configuration"
user=$(docker image inspect -f '{{.Config.User}}' "$IMAGE")
note "user: ${user}, entrypoint: $(docker image inspect -f '{{json .Config.Entrypoint}} {{json .Config.Cmd}}' "$IMAGE")"
case "$user" in "" | root | 0 | 0:* | root:*) fail "image runs as root (USER '${user}')" ;; esac
[ "$(docker image inspect -f '{{.Config.StopSignal}}' "$IMAGE")" = SIGTERM ] || fail "STOPSIGNAL is not SIGTERM"
docker image inspect -f '{{json .Config.Volumes}}' "$IMAGE" | grep -q "\"${HOME_IN_IMAGE}\"" ||
  fail "${HOME_IN_IMAGE} is not a volume"
for port in 26657 1317 9090 26660; do
  docker image inspect -f '{{json .Config.ExposedPorts}}' "$IMAGE" | grep -q "\"${port}/tcp\"" ||
    fail "port ${port} is not exposed"
done
docker image inspect -f '{{json .Config.Healthcheck.Test}}' "$IMAGE" | grep -q 'sdkd status' ||
  fail "no HEALTHCHECK through sdkd status"

say "docker run (the default command: a devnet)"
read -r RPC_PORT API_PORT GRPC_PORT METRICS_PORT < <(free_ports)
note "ports: RPC ${RPC_PORT}, REST ${API_PORT}, gRPC ${GRPC_PORT}, metrics ${METRICS_PORT}"
if ! docker run -d --name "$NAME" --network host -v "${VOLUME}:${HOME_IN_IMAGE}" \
  -e "SDKD_CHAIN_ID=${CHAIN_ID}" -e SDKD_TIMEOUT_COMMIT=200ms \
  -e "SDKD_RPC_LADDR=tcp://0.0.0.0:${RPC_PORT}" -e "SDKD_API_ADDRESS=tcp://0.0.0.0:${API_PORT}" \
  -e "SDKD_GRPC_ADDRESS=0.0.0.0:${GRPC_PORT}" \
  -e "SDKD_INSTRUMENTATION_PROMETHEUS_LISTEN_ADDR=0.0.0.0:${METRICS_PORT}" \
  --health-interval=1s --health-start-period=30s \
  "$IMAGE" > "$WORK/run.log" 2>&1; then
  sed 's/^/    | /' "$WORK/run.log"
  fail "docker run"
  exit 1
fi
if ! wait_until 60 height_at_least 3; then
  docker logs "$NAME" 2>&1 | tail -n 20 | sed 's/^/    | /'
  fail "the devnet did not reach height 3 (RPC /status)"
  exit 1
fi
status=$(http_get "http://127.0.0.1:${RPC_PORT}/status")
note "height $(json 'j.result.sync_info.latest_block_height' <<< "$status") on $(json 'j.result.node_info.network' <<< "$status")"
[ "$(json 'j.result.node_info.network' <<< "$status")" = "$CHAIN_ID" ] ||
  fail "SDKD_CHAIN_ID was not applied (network is not ${CHAIN_ID})"
uids=$(docker exec "$NAME" sh -c 'grep "^Uid:" /proc/1/status' 2> /dev/null)
note "sdkd process: ${uids}"
if [ -z "$uids" ] || grep -qE '\s0(\s|$)' <<< "$uids"; then fail "the sdkd process runs as root"; fi
BLOCK2_HASH=$(http_get "http://127.0.0.1:${RPC_PORT}/block?height=2" | json 'j.result.block_id.hash')
# health_is <status> [container]
health_is() { [ "$(docker inspect -f '{{.State.Health.Status}}' "${2:-$NAME}")" = "$1" ]; }
if wait_until 40 health_is healthy; then
  note "health: healthy"
else
  fail "the container did not become healthy (HEALTHCHECK sdkd status)"
fi

say "REST gateway and gRPC"
if latest=$(http_get "http://127.0.0.1:${API_PORT}/sdk/base/tendermint/v1beta1/blocks/latest"); then
  rest_chain=$(json 'j.block.header.chain_id' <<< "$latest")
  rest_height=$(json 'j.block.header.height' <<< "$latest")
  note "GET /sdk/base/tendermint/v1beta1/blocks/latest: ${rest_chain} height ${rest_height}"
  { [ "$rest_chain" = "$CHAIN_ID" ] && [ "${rest_height:-0}" -ge 3 ]; } ||
    fail "REST latest block is not ${CHAIN_ID} at height >= 3"
else
  fail "REST GET /sdk/base/tendermint/v1beta1/blocks/latest"
fi
if versions=$(http_get "http://127.0.0.1:${API_PORT}/sdk/upgrade/v1beta1/module_versions"); then
  note "GET /sdk/upgrade/v1beta1/module_versions: $(json 'j.module_versions.map((m) => `${m.name}=${m.version}`).join(" ")' <<< "$versions")"
  json 'j.module_versions.some((m) => m.name === "bank") || undefined' <<< "$versions" > /dev/null ||
    fail "REST module_versions lists no bank module"
else
  fail "REST GET /sdk/upgrade/v1beta1/module_versions"
fi
# Swagger UI's files are sdkd's own (the image keeps only those it serves).
if bundle=$(http_get "http://127.0.0.1:${API_PORT}/swagger/swagger-ui-dist/swagger-ui-bundle.js") &&
  grep -q 'SwaggerUIBundle' <<< "$bundle"; then
  note "GET /swagger/swagger-ui-dist/swagger-ui-bundle.js: $(printf '%s' "$bundle" | wc -c) bytes"
else
  fail "REST GET /swagger/swagger-ui-dist/swagger-ui-bundle.js (Swagger UI's script)"
fi
if tcp_open "$GRPC_PORT"; then note "gRPC port ${GRPC_PORT} accepts connections"; else fail "gRPC port ${GRPC_PORT} is closed"; fi
if metrics=$(http_get "http://127.0.0.1:${METRICS_PORT}/metrics") &&
  grep -q "^cometbft_consensus_height{chain_id=\"${CHAIN_ID}\"} " <<< "$metrics"; then
  note "Prometheus metrics: $(grep "^cometbft_consensus_height" <<< "$metrics")"
else
  fail "GET /metrics on the Prometheus port has no cometbft_consensus_height of ${CHAIN_ID}"
fi

say "the image as the sdkd CLI"
in_image() { docker run --rm --network host -v "${VOLUME}:${HOME_IN_IMAGE}" "$IMAGE" "$@"; }
if out=$(in_image version 2>&1) && [ -n "$out" ]; then note "sdkd version: ${out}"; else fail "docker run IMAGE version"; fi
if out=$(in_image status --node "tcp://127.0.0.1:${RPC_PORT}" 2> "$WORK/status.err") &&
  [ "$(json 'j.node_info.network' <<< "$out")" = "$CHAIN_ID" ]; then
  note "sdkd status --node …: ${CHAIN_ID} at $(json 'j.sync_info.latest_block_height' <<< "$out")"
else
  fail "docker run IMAGE status --node"
fi
# Inside the devnet container, through localhost (client.toml's default node, on this run's port).
if out=$(docker exec "$NAME" sdkd status --node "tcp://localhost:${RPC_PORT}" 2> "$WORK/exec.err") &&
  [ "$(json 'j.node_info.network' <<< "$out")" = "$CHAIN_ID" ]; then
  note "docker exec … sdkd status: ${CHAIN_ID}"
else
  fail "docker exec CONTAINER sdkd status ($(head -c 200 "$WORK/exec.err"))"
fi
# The CLI against the volume's home and the running node: every check runs; one that cannot fails.
if out=$(in_image keys list 2>&1) && grep -q 'sdk1' <<< "$out"; then
  note "sdkd keys list (mounted home): $(grep -c 'sdk1' <<< "$out") address line(s)"
else
  fail "docker run IMAGE keys list"
  sed 's/^/    | /' <<< "$out" | tail -n 10
fi
if out=$(in_image query upgrade module_versions --node "tcp://127.0.0.1:${RPC_PORT}" -o json 2> "$WORK/versions.err") &&
  [ "$(json 'j.module_versions.some((m) => m.name === "bank" && m.version === "4") || undefined' <<< "$out")" = "true" ]; then
  note "sdkd query upgrade module_versions (mounted home, running node): $(json 'j.module_versions.map((m) => `${m.name}=${m.version}`).join(" ")' <<< "$out")"
else
  fail "docker run IMAGE query upgrade module_versions"
  cat "$WORK/versions.err" - <<< "$out" | sed 's/^/    | /' | tail -n 10
fi

say "bad input: same error and exit code as outside Docker"
# What the same command prints on this machine (when dist/ is built), else the known answer.
host_run() {
  local home=$1
  shift
  node "$HOST_SDKD" --home "$home" "$@"
}
docker run --rm "$IMAGE" start --no-such-flag > /dev/null 2> "$WORK/flag.docker"
flag_rc=$?
if [ "$flag_rc" -ne 1 ] || ! grep -q "^Error: unknown flag: --no-such-flag$" "$WORK/flag.docker"; then
  fail "an unknown flag (exit ${flag_rc})"
elif [ -f "$HOST_SDKD" ]; then
  host_run "$WORK/unused-home" start --no-such-flag > /dev/null 2> "$WORK/flag.host"
  if [ $? -eq "$flag_rc" ] && cmp -s "$WORK/flag.host" "$WORK/flag.docker"; then
    note "unknown flag: exit 1 and the same message as outside Docker"
  else
    fail "an unknown flag prints differently than outside Docker"
    diff "$WORK/flag.host" "$WORK/flag.docker" | head -n 10 | sed 's/^/    | /'
  fi
fi
# A broken home: app.toml that is not TOML.
corrupt='printf "\n[api\n" >> "$SDKD_HOME/config/app.toml"'
docker run --rm -v "${BAD_VOLUME}:${HOME_IN_IMAGE}" "$IMAGE" init smoke --chain-id broken-home > /dev/null 2>&1 &&
  docker run --rm -v "${BAD_VOLUME}:${HOME_IN_IMAGE}" --entrypoint sh "$IMAGE" -c "$corrupt"
docker run --rm -v "${BAD_VOLUME}:${HOME_IN_IMAGE}" "$IMAGE" start > /dev/null 2> "$WORK/home.docker"
home_rc=$?
# init leaves only the validator's signing state in data/; a failed start must add nothing.
data_after=$(docker run --rm -v "${BAD_VOLUME}:${HOME_IN_IMAGE}" --entrypoint sh "$IMAGE" -c 'ls -A "$SDKD_HOME/data"' | grep -vx 'priv_validator_state.json')
if [ "$home_rc" -ne 1 ] || ! grep -q '^Error: config/app.toml' "$WORK/home.docker"; then
  fail "a broken mounted home (exit ${home_rc}: $(head -c 200 "$WORK/home.docker"))"
elif [ -n "$data_after" ]; then
  fail "a failed start on a broken home wrote data (${data_after})"
elif [ -f "$HOST_SDKD" ]; then
  host_run "$WORK/broken-home" init smoke --chain-id broken-home > /dev/null 2>&1 &&
    SDKD_HOME="$WORK/broken-home" sh -c "$corrupt"
  host_run "$WORK/broken-home" start > /dev/null 2> "$WORK/home.host"
  if [ $? -eq "$home_rc" ] && cmp -s "$WORK/home.host" "$WORK/home.docker"; then
    note "broken home: exit 1, '$(head -n 1 "$WORK/home.docker")', as outside Docker"
  else
    fail "a broken home prints differently than outside Docker"
    diff "$WORK/home.host" "$WORK/home.docker" | head -n 10 | sed 's/^/    | /'
  fi
fi

say "docker stop"
start=$(date +%s)
docker stop "$NAME" > /dev/null
stop_s=$(elapsed_since "$start")
exit_code=$(docker inspect -f '{{.State.ExitCode}}' "$NAME")
# Plain log lines, as upstream's default: `[12:00:00.000] INFO: stopped cleanly height=42`.
log_height() { sed -n 's/.* height=\([0-9][0-9]*\).*/\1/p'; }
stopped_line=$(docker logs "$NAME" 2>&1 | grep 'INFO: stopped cleanly' | tail -n 1)
STOP_HEIGHT=$(log_height <<< "$stopped_line")
note "exit code ${exit_code} after ${stop_s} s; stopped cleanly at height ${STOP_HEIGHT:-?}"
[ "$exit_code" = 0 ] || fail "docker stop: exit code ${exit_code} (not 0)"
[ "$stop_s" -lt 10 ] || fail "docker stop took ${stop_s} s (Docker kills at 10 s)"
[ -n "$STOP_HEIGHT" ] || fail "no 'stopped cleanly' log line after docker stop"

say "docker start on the same volume"
starts_before=$(docker logs "$NAME" 2>&1 | grep -c 'INFO: node started')
docker start "$NAME" > /dev/null
if [ -n "$STOP_HEIGHT" ] && wait_until 60 height_at_least $((STOP_HEIGHT + 2)); then
  restart_line=$(docker logs "$NAME" 2>&1 | grep 'INFO: node started' | tail -n 1)
  starts_after=$(docker logs "$NAME" 2>&1 | grep -c 'INFO: node started')
  resumed_at=$(log_height <<< "$restart_line")
  note "resumed at height ${resumed_at}, now $(rpc_height)"
  { [ "$starts_after" -gt "$starts_before" ] && [ "$resumed_at" = "$STOP_HEIGHT" ]; } ||
    fail "the restarted node did not resume at height ${STOP_HEIGHT} (resumed at ${resumed_at:-?})"
  [ "$(http_get "http://127.0.0.1:${RPC_PORT}/block?height=2" | json 'j.result.block_id.hash')" = "$BLOCK2_HASH" ] ||
    fail "block 2 changed across the restart (not the same chain)"
else
  docker logs "$NAME" 2>&1 | tail -n 10 | sed 's/^/    | /'
  fail "the chain did not continue after docker start"
fi
docker stop "$NAME" > /dev/null
exit_code=$(docker inspect -f '{{.State.ExitCode}}' "$NAME")
[ "$exit_code" = 0 ] || fail "second docker stop: exit code ${exit_code}"

say "a validator under CometBFT (sdkd start --consensus cometbft)"
in_comet_home() { docker run --rm -v "${COMET_VOLUME}:${HOME_IN_IMAGE}" "$@"; }
# A fresh home, then config.toml on this run's free ports (RPC on every interface, as the image's
# other listeners; P2P and the ABCI socket on loopback, the ABCI port picked by sdkd), a short
# block time and no CometBFT metrics listener. Each of the five lines must be found and replaced.
read -r C_RPC_PORT C_P2P_PORT C_API_PORT C_GRPC_PORT < <(free_ports)
note "ports: CometBFT RPC ${C_RPC_PORT}, P2P ${C_P2P_PORT}; sdkd REST ${C_API_PORT}, gRPC ${C_GRPC_PORT}"
comet_config='
/^\[/ { section = $0 }
section == "" && /^proxy_app = / { $0 = "proxy_app = \"tcp://127.0.0.1:0\""; n++ }
section == "[rpc]" && /^laddr = / { $0 = "laddr = \"tcp://0.0.0.0:" rpc "\""; n++ }
section == "[p2p]" && /^laddr = / { $0 = "laddr = \"tcp://127.0.0.1:" p2p "\""; n++ }
section == "[consensus]" && /^timeout_commit = / { $0 = "timeout_commit = \"200ms\""; n++ }
section == "[instrumentation]" && /^prometheus = / { $0 = "prometheus = false"; n++ }
{ print }
END { exit n == 5 ? 0 : 1 }'
if ! in_comet_home "$IMAGE" init smoke-validator --devnet --chain-id "$COMET_CHAIN_ID" > "$WORK/comet-init.log" 2>&1; then
  sed 's/^/    | /' "$WORK/comet-init.log" | tail -n 10
  fail "sdkd init --devnet for the CometBFT validator"
elif ! in_comet_home --entrypoint sh "$IMAGE" -c \
  'f="$SDKD_HOME/config/config.toml"; awk "$@" "$f" > /tmp/config.toml && cat /tmp/config.toml > "$f"' \
  sh -v "rpc=${C_RPC_PORT}" -v "p2p=${C_P2P_PORT}" "$comet_config"; then
  fail "config.toml of the CometBFT validator (proxy_app, [rpc] laddr, [p2p] laddr, timeout_commit, prometheus not all found)"
elif ! docker run --rm --entrypoint sh "$IMAGE" -c 'command -v cometbft' > /dev/null 2>&1; then
  # Without cometbft the start must say how to provide one, and exit 1.
  in_comet_home "$IMAGE" start --consensus cometbft > /dev/null 2> "$WORK/comet-missing.err"
  missing_rc=$?
  if [ "$missing_rc" -eq 1 ] && grep -q 'needs the cometbft binary' "$WORK/comet-missing.err" &&
    grep -q 'SDKD_COMETBFT_BIN' "$WORK/comet-missing.err"; then
    note "without cometbft in the image: exit 1, '$(head -c 160 "$WORK/comet-missing.err")…'"
  else
    fail "start --consensus cometbft without cometbft (exit ${missing_rc}: $(head -c 200 "$WORK/comet-missing.err"))"
  fi
  if [ -e .tools/bin/cometbft ]; then
    fail ".tools/bin/cometbft is in the build context but the image has no cometbft"
  else
    note "SKIPPED the validator under CometBFT: the image has no cometbft because .tools/bin/cometbft"
    note "was not in the build context (run scripts/install-tools.sh, which builds it, then this again)"
  fi
else
  note "$(docker run --rm --entrypoint sh "$IMAGE" -c 'echo "$(command -v cometbft) $(cometbft version)"')"
  if ! docker run -d --name "$COMET_NAME" --network host -v "${COMET_VOLUME}:${HOME_IN_IMAGE}" \
    -e "SDKD_RPC_LADDR=tcp://0.0.0.0:${C_RPC_PORT}" --health-interval=1s --health-start-period=30s \
    "$IMAGE" start --consensus cometbft --api.address "tcp://0.0.0.0:${C_API_PORT}" \
    --grpc.address "0.0.0.0:${C_GRPC_PORT}" > "$WORK/comet-run.log" 2>&1; then
    sed 's/^/    | /' "$WORK/comet-run.log"
    fail "docker run IMAGE start --consensus cometbft"
  elif ! wait_until 90 height_at_least 3 "$C_RPC_PORT"; then
    docker logs "$COMET_NAME" 2>&1 | tail -n 20 | sed 's/^/    | /'
    fail "the validator under CometBFT did not reach height 3 (CometBFT RPC /status)"
  else
    status=$(http_get "http://127.0.0.1:${C_RPC_PORT}/status")
    note "CometBFT $(json 'j.result.node_info.version' <<< "$status"): height $(json 'j.result.sync_info.latest_block_height' <<< "$status") on $(json 'j.result.node_info.network' <<< "$status")"
    [ "$(json 'j.result.node_info.network' <<< "$status")" = "$COMET_CHAIN_ID" ] ||
      fail "CometBFT's network is not ${COMET_CHAIN_ID}"
    if validators=$(http_get "http://127.0.0.1:${C_API_PORT}/sdk/staking/v1beta1/validators") &&
      [ "$(json 'j.validators.filter((v) => v.status === "BOND_STATUS_BONDED").length' <<< "$validators")" = 1 ]; then
      note "sdkd REST GET /sdk/staking/v1beta1/validators: 1 bonded, $(json 'j.validators[0].description.moniker' <<< "$validators")"
    else
      fail "sdkd REST under CometBFT: GET /sdk/staking/v1beta1/validators has no bonded validator"
    fi
    if tcp_open "$C_GRPC_PORT"; then note "gRPC port ${C_GRPC_PORT} accepts connections"; else fail "gRPC port ${C_GRPC_PORT} (under CometBFT) is closed"; fi
    # Both processes run in the container, as the image's user.
    procs=$(docker exec "$COMET_NAME" sh -c 'for s in /proc/[0-9]*/status; do awk "/^Name:/ { n = \$2 } /^Uid:/ { print n, \$2 }" "$s"; done' 2> /dev/null | sort -u)
    note "processes: $(tr '\n' ' ' <<< "$procs")"
    grep -q '^cometbft [1-9]' <<< "$procs" || fail "no cometbft process running as a non-root user in the container"
    if wait_until 40 health_is healthy "$COMET_NAME"; then
      note "health: healthy (sdkd status against CometBFT's RPC)"
    else
      fail "the CometBFT validator's container did not become healthy"
    fi
    start=$(date +%s)
    docker stop "$COMET_NAME" > /dev/null
    stop_s=$(elapsed_since "$start")
    exit_code=$(docker inspect -f '{{.State.ExitCode}}' "$COMET_NAME")
    note "docker stop: exit code ${exit_code} after ${stop_s} s"
    [ "$exit_code" = 0 ] || {
      docker logs "$COMET_NAME" 2>&1 | tail -n 15 | sed 's/^/    | /'
      fail "docker stop of the CometBFT validator: exit code ${exit_code} (not 0)"
    }
    [ "$stop_s" -lt 10 ] || fail "docker stop of the CometBFT validator took ${stop_s} s (Docker kills at 10 s)"
  fi
fi

say "image size"
size_bytes=$(docker image inspect -f '{{.Size}}' "$IMAGE")
size_mb=$((size_bytes / 1000000))
note "${IMAGE}: ${size_mb} MB (target < ${SIZE_TARGET_MB} MB); base ${NODE_IMAGE}: $(($(docker image inspect -f '{{.Size}}' "$NODE_IMAGE") / 1000000)) MB"
[ "$size_mb" -lt "$SIZE_TARGET_MB" ] || fail "image size ${size_mb} MB (target < ${SIZE_TARGET_MB} MB)"
note "total $(elapsed_since "$T0") s"
