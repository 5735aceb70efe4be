# Sourced by the test tools' installers: how a step runs and how a failure is reported. The sourcing
# script sets step_log (where a step's output is kept aside) and may set after_failure (a last line).

fail() {
  echo "" >&2
  echo "Installing the test tools failed: $1" >&2
  shift
  for line in "$@"; do echo "$line" >&2; done
  exit 1
}

# Runs one install step with its output kept aside; on failure shows the command and the output's end.
run_step() {
  local what="$1" hint="$2"
  shift 2
  if ! "$@" >"$step_log" 2>&1; then
    local end
    end=$(tail -n 30 "$step_log" | sed 's/^/    /')
    fail "$what." "  Command: $*" "  Last lines of its output:" "$end" "$hint" ${after_failure:+"$after_failure"}
  fi
}
