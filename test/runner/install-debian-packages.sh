#!/usr/bin/env bash
# Installs the Debian packages the tests use, system-wide with apt-get (as root, or with sudo -n), those that
# are missing only: Chromium, libkrb5-dev and a C/C++ toolchain for code-server and the UI suite, and BIND's
# tools (bind9-utils: named-compilezone, named-checkzone), against which the zone file tests check the reader
# and the export, ssh-keygen and ssh (openssh-client), with which the SSH key tests make a local pair and connect and
# the SSH entry tests read back what was written (ssh -G), and
# sshd (openssh-server), which the GPU SSH tests start on a loopback port of their own, and curl, with which the
# inference client code tests run the curl snippet they hand people. Progress and failures go to
# stderr; a failure names the command and shows its output's end.
set -euo pipefail

need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
dpkg -s libkrb5-dev >/dev/null 2>&1 || need_apt+=(libkrb5-dev)
command -v make >/dev/null 2>&1 || need_apt+=(make)
command -v g++ >/dev/null 2>&1 || need_apt+=(g++)
command -v python3 >/dev/null 2>&1 || need_apt+=(python3)
command -v named-compilezone >/dev/null 2>&1 || need_apt+=(bind9-utils)
{ command -v ssh-keygen && command -v ssh; } >/dev/null 2>&1 || need_apt+=(openssh-client)
# sbin is not on every user's PATH: Debian's place is looked at too.
{ command -v sshd || [ -x /usr/sbin/sshd ]; } >/dev/null 2>&1 || need_apt+=(openssh-server)
command -v curl >/dev/null 2>&1 || need_apt+=(curl)
[ "${#need_apt[@]}" -eq 0 ] && exit 0

by_hand="  To install them yourself: sudo apt-get install --no-install-recommends ${need_apt[*]}"
step_log=$(mktemp)
trap 'rm -f "$step_log"' EXIT
# shellcheck source=install-steps.sh
source "$(dirname "$0")/install-steps.sh"

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  # No password prompt: the tests run without a terminal to type it into.
  as_root=(sudo -n)
else
  fail "these Debian packages are missing and installing them needs root: ${need_apt[*]}." "$by_hand"
fi

echo "Installing Debian packages: ${need_apt[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
# Two test runs started together must not run apt-get at once.
exec 8>"${TMPDIR:-/tmp}/gcore-vscode-apt.lock"
flock 8
run_step "apt-get could not update its package lists" "$by_hand" "${as_root[@]}" apt-get update -qq
run_step "apt-get could not install ${need_apt[*]}" "$by_hand" "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${need_apt[@]}"
