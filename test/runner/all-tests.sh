#!/usr/bin/env bash
# npm test: every check and every test layer, each phase timed, and at its end a table of where the time went.
#
# Two things run beside the others, as they share nothing with them:
# - the install of Node 24 and code-server into the cache (a minute or two on an empty cache, network and npm
#   mostly); the extension-host runner then finds it done, the installer's lock making it wait until it is;
# - the static checks (the types of src/, lint, format), while the tests compile and the unit tests run.
# What runs beside keeps its output aside and shows it when it ends, so that no two outputs interleave.
#
# Each phase runs in a process group of its own: a failure, Ctrl-C or SIGTERM stops every group still running
# (the extension-host runner and the installer tear down what they started), and no process is left behind.
set -euo pipefail
cd "$(dirname "$0")/../.."

timings=$(mktemp)
touch "$timings.ends"
kept_aside=$(mktemp -d)
running=()

micros() { echo "${EPOCHREALTIME//[.,]/}"; }
run_start=$(micros)

# Starts `$@` in a process group of its own (job control on for the start only, so that what it starts stays
# in that group), without standard input; its pid, which names the group, is in $started.
start_group() {
  set -m
  (
    set +m
    "$@"
  ) </dev/null &
  started=$!
  set +m
  running+=("$started")
}

# Waits for the group started as $1 and returns its status. What the group's first process leaves running when
# it ends (a child it did not wait for) is stopped with it.
wait_group() {
  local status=0
  wait "$1" || status=$?
  kill -TERM -- "-$1" 2>/dev/null || true
  local kept=()
  for pid in "${running[@]}"; do [ "$pid" = "$1" ] || kept+=("$pid"); done
  running=("${kept[@]+"${kept[@]}"}")
  return "$status"
}

# Runs one phase, named $1, noting when it started, and when and how it ended.
phase() {
  local name="$1" status=0
  shift
  printf '%s\t%s\n' "$name" "$(micros)" >>"$timings"
  echo "━━ $name: $*"
  "$@" || status=$?
  printf '%s\t%s\t%s\n' "$name" "$(micros)" "$status" >>"$timings.ends"
  return "$status"
}

# Runs a phase in a group of its own and waits for it, so that a signal reaches this script at once.
phase_in_group() {
  local name="$1"
  shift
  start_group phase "$name" "$@"
  wait_group "$started"
}

# Starts phases beside the next ones, their output kept in $kept_aside/$1.log until `join_beside $1`.
start_beside() {
  local name="$1"
  shift
  start_group "$@" >"$kept_aside/$name.log" 2>&1
  echo "$started" >"$kept_aside/$name.pid"
}

# Waits for what `start_beside $1` started, shows its output and returns its status.
join_beside() {
  local status=0
  wait_group "$(cat "$kept_aside/$1.pid")" || status=$?
  echo "━━ $1 (ran beside the phases above; its output follows)"
  cat "$kept_aside/$1.log"
  return "$status"
}

static_checks() {
  local status=0
  phase types npx tsc --noEmit -p tsconfig.json || status=1
  phase lint npm run lint || status=1
  phase format npm run format:check || status=1
  return "$status"
}

# The table of the phases, by when they started; a phase without an end was stopped. The machine's load moves
# the seconds; the shares move less.
report() {
  local run_end total name start end status took
  run_end=$(micros)
  total=$(((run_end - run_start) / 1000))
  [ "$total" -gt 0 ] || total=1
  echo ""
  echo "Where the time went: $((total / 1000)) s in all (shares of the whole; phases that ran beside others overlap)"
  printf '  %-14s %8s %8s %6s\n' phase from took share
  while IFS=$'\t' read -r name start; do
    IFS=$'\t' read -r end status < <(awk -F '\t' -v name="$name" '$1 == name { print $2 "\t" $3; found = 1 } END { if (!found) print "" }' "$timings.ends")
    [ -n "$end" ] || { end=$run_end; status=stopped; }
    took=$(((end - start) / 1000))
    printf '  %-14s %7ds %7ds %5d%%%s\n' "$name" $(((start - run_start) / 1000000)) $((took / 1000)) $((took * 100 / total)) \
      "$(case "$status" in 0) ;; stopped) echo "  (stopped)" ;; *) echo "  (failed: exit $status)" ;; esac)"
  done <"$timings"
}

finish() {
  local status=$?
  for pid in "${running[@]+"${running[@]}"}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
  for pid in "${running[@]+"${running[@]}"}"; do wait "$pid" 2>/dev/null || true; done
  report
  rm -rf "$timings" "$timings.ends" "$kept_aside"
  exit "$status"
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

start_beside tools phase tools bash test/runner/install-code-server.sh
start_beside checks static_checks

phase_in_group build npm run build
phase_in_group compile-tests npm run compile-tests
phase_in_group unit npm run test:unit
join_beside checks
join_beside tools
phase_in_group host npm run test:host
phase_in_group package npm run package:vsix
phase_in_group ui npm run test:ui:run
