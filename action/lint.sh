#!/usr/bin/env bash
# The action's step: memctl lint in the format asked for; inputs come in the environment.
set -euo pipefail
read -r -a extra <<< "${MEMCTL_ARGS:-}"
if [ "${MEMCTL_FORMAT:-github}" = "sarif" ]; then
  # By default the report goes to the runner's temporary folder, outside the checkout: memctl writes
  # no report into a memory home's folder, and a repository's root may be one (MEMORY.md at the top).
  sarif="${MEMCTL_SARIF:-}"
  if [ -z "$sarif" ]; then
    if [ -n "${RUNNER_TEMP:-}" ]; then
      sarif="$RUNNER_TEMP/memctl.sarif"
    else  # run outside GitHub Actions: a folder of its own
      sarif="$(mktemp -d)/memctl.sarif"
    fi
  fi
  case "$sarif" in
    *$'\n'*) echo "error: sarif-file: a path holding a line break; nothing was written" >&2; exit 2 ;;
  esac
  if [ -n "${GITHUB_OUTPUT:-}" ]; then
    echo "sarif-file=$sarif" >> "$GITHUB_OUTPUT"
  fi
  echo "memctl lint: the SARIF report goes to $sarif (the step's output sarif-file)" >&2
  exec memctl lint "${MEMCTL_PATH:-.}" --format sarif --output-file "$sarif" "${extra[@]}"
fi
exec memctl lint "${MEMCTL_PATH:-.}" --format github "${extra[@]}"
