#!/usr/bin/env bash
# Installs the upstream tools the tests drive as real processes (test equipment, not product):
# cosmovisor, grpcurl, cometbft and abci-cli (CometBFT's ABCI console) built with `go install` from
# the Go module proxy into .tools/bin, and schemathesis from PyPI into the virtual environment
# .tools/venv. Idempotent: a tool already built at its pinned version is kept, so a second run takes
# a second.
#
# For each tool it writes .tools/status/<tool>: `ok <version>`, or `missing <why>` when Go or Python
# is absent or a registry refused the module; the tests that need a missing tool are skipped and
# print that reason. Exits 0 either way (the tests report what was skipped); --strict exits 1 when
# a tool is missing.
set -uo pipefail
cd "$(dirname "$0")/.."

# The pins: the one place the tool versions are written.
# cosmovisor: the newest v1.x whose module the Go proxy serves. v1.7.1 is listed but its zip is
# refused (403), as are v1.6.x, v1.7.0 and v1.7.2+.
COSMOVISOR_MODULE=cosmossdk.io/tools/cosmovisor
COSMOVISOR_PACKAGE=cosmossdk.io/tools/cosmovisor/cmd/cosmovisor
COSMOVISOR_VERSION=v1.5.0
GRPCURL_MODULE=github.com/fullstorydev/grpcurl
GRPCURL_PACKAGE=github.com/fullstorydev/grpcurl/cmd/grpcurl
GRPCURL_VERSION=v1.9.4
COMETBFT_MODULE=github.com/cometbft/cometbft
COMETBFT_PACKAGE=github.com/cometbft/cometbft/cmd/cometbft
COMETBFT_VERSION=v0.38.26
# abci-cli comes from the cometbft module at the same pin: its client is the one that cometbft uses.
ABCI_CLI_PACKAGE=github.com/cometbft/cometbft/abci/cmd/abci-cli
SCHEMATHESIS_VERSION=4.32.5

strict=
for arg in "$@"; do
  case "$arg" in
    --strict) strict=1 ;;
    -h | --help)
      sed -n '2,11s/^# \{0,1\}//p' "$0"
      exit 0
      ;;
    *)
      echo "install-tools: unknown argument: $arg" >&2
      exit 2
      ;;
  esac
done

# SDKD_TOOLS_DIR puts them elsewhere (the script's own test does; the tests look in .tools).
TOOLS="${SDKD_TOOLS_DIR:-$PWD/.tools}"
mkdir -p "$TOOLS/bin" "$TOOLS/status" "$TOOLS/logs"
missing=0

record_ok() { printf 'ok %s\n' "$2" > "$TOOLS/status/$1"; printf '%-13s %-9s %s\n' "$1" "$2" "$3"; }
record_missing() {
  printf 'missing %s\n' "$2" > "$TOOLS/status/$1"
  printf '%-13s MISSING   %s\n' "$1" "$2"
}
is_current() { [ -x "$2" ] && [ "$(cat "$TOOLS/status/$1" 2> /dev/null)" = "ok $3" ]; }
# built_with_cgo <binary> <CGO_ENABLED>: whether Go's build record in the binary has that setting
# (always true when none is asked for; when Go is absent the binary cannot be rebuilt anyway).
built_with_cgo() {
  [ -z "$2" ] || ! command -v go > /dev/null 2>&1 ||
    go version -m "$1" 2> /dev/null | grep -qE "^\s+build\s+CGO_ENABLED=$2\s*$"
}

# The last line of a failed command's log that says why (a refused module, a compile error).
why_failed() { grep -v '^go: downloading' "$1" | grep -v '^\s*$' | tail -n 2 | tr '\n' ' ' | sed 's/ *$//'; }

# go_tool <name> <module> <package> <version> [ldflags] [cgo]: `go install` of the package at the
# pinned module version, through a throwaway module that requires it and lists the package as a tool
# (so `go mod tidy` records its dependencies at the versions the tool's own go.mod asks for). A plain
# `go install pkg@version` first asks the proxy whether the package path is a module of its own, and
# the proxy answers cosmovisor's with 403 (not 404), which ends the lookup; requiring the module
# avoids the question. With cgo `0` it is built with CGO_ENABLED=0 (no C library linked in: it runs
# on any Linux of this architecture), and a binary of the pinned version built otherwise is rebuilt.
go_tool() {
  local name=$1 module=$2 package=$3 version=$4 ldflags=${5:-} cgo=${6:-}
  local bin="$TOOLS/bin/$name" log="$TOOLS/logs/$name.log"
  if is_current "$name" "$bin" "$version" && built_with_cgo "$bin" "$cgo"; then
    record_ok "$name" "$version" "(already built)"
    return
  fi
  if ! command -v go > /dev/null 2>&1; then
    record_missing "$name" "Go is not installed (no \`go\` on PATH): install Go, then run scripts/install-tools.sh"
    return
  fi
  local work="$TOOLS/build/$name"
  rm -rf "$work" && mkdir -p "$work"
  local started=$SECONDS
  if ! (cd "$work" && go mod init "sdkd-tools/$name" && go get "$module@$version" &&
    go mod edit -tool="$package" && go mod tidy) > "$log" 2>&1; then
    record_missing "$name" "go get $module@$version ($package) failed: $(why_failed "$log") (log: ${log#"$PWD"/})"
    return
  fi
  if ! (cd "$work" && env ${cgo:+CGO_ENABLED="$cgo"} GOBIN="$TOOLS/bin" go install ${ldflags:+-ldflags "$ldflags"} "$package") >> "$log" 2>&1; then
    record_missing "$name" "go install $package ($version) failed: $(why_failed "$log") (log: ${log#"$PWD"/})"
    return
  fi
  record_ok "$name" "$version" "(built in $((SECONDS - started)) s)"
}

schemathesis_tool() {
  local venv="$TOOLS/venv" log="$TOOLS/logs/schemathesis.log" started=$SECONDS
  if is_current schemathesis "$venv/bin/schemathesis" "$SCHEMATHESIS_VERSION"; then
    record_ok schemathesis "$SCHEMATHESIS_VERSION" "(already installed)"
  elif ! command -v python3 > /dev/null 2>&1; then
    record_missing schemathesis "Python 3 is not installed (no \`python3\` on PATH)"
  elif { [ -x "$venv/bin/pip" ] || python3 -m venv "$venv"; } > "$log" 2>&1 &&
    "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION" >> "$log" 2>&1; then
    record_ok schemathesis "$SCHEMATHESIS_VERSION" "(installed in $((SECONDS - started)) s)"
  else
    record_missing schemathesis "pip install schemathesis==$SCHEMATHESIS_VERSION failed: $(why_failed "$log") (log: ${log#"$PWD"/})"
  fi
}

echo "upstream tools (${TOOLS#"$PWD"/}/bin, ${TOOLS#"$PWD"/}/venv):"
# Every tool at once, each in a background job: on a machine whose module cache is empty most of
# the time is downloads, which overlap (Go's module cache locks what two builds share). Each job's
# line goes to a file, printed in this fixed order once all have finished.
lines="$TOOLS/logs/lines"
rm -rf "$lines" && mkdir -p "$lines"
go_tool cosmovisor "$COSMOVISOR_MODULE" "$COSMOVISOR_PACKAGE" "$COSMOVISOR_VERSION" > "$lines/cosmovisor" &
# grpcurl prints the version its release build stamps in main.version.
go_tool grpcurl "$GRPCURL_MODULE" "$GRPCURL_PACKAGE" "$GRPCURL_VERSION" "-X main.version=$GRPCURL_VERSION" > "$lines/grpcurl" &
# cometbft: static (the Docker image copies it from .tools/bin into a Debian whatever C library the
# build machine has) and without its symbol table and DWARF (a third smaller; panics still name
# functions).
go_tool cometbft "$COMETBFT_MODULE" "$COMETBFT_PACKAGE" "$COMETBFT_VERSION" "-s -w" 0 > "$lines/cometbft" &
go_tool abci-cli "$COMETBFT_MODULE" "$ABCI_CLI_PACKAGE" "$COMETBFT_VERSION" > "$lines/abci-cli" &
schemathesis_tool > "$lines/schemathesis" &
wait
for tool in cosmovisor grpcurl cometbft abci-cli schemathesis; do
  cat "$lines/$tool"
  case "$(cat "$TOOLS/status/$tool" 2> /dev/null)" in ok\ *) ;; *) missing=$((missing + 1)) ;; esac
done
rm -rf "$lines"

if [ "$missing" -gt 0 ]; then
  echo "install-tools: $missing tool(s) missing; the tests that need them are skipped with the reason above"
  [ -n "$strict" ] && exit 1
fi
exit 0
