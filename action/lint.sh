#!/usr/bin/env bash
# The action's step: memctl lint in the format asked for; inputs come in the environment.
set -euo pipefail
read -r -a extra <<< "${MEMCTL_ARGS:-}"
if [ "${MEMCTL_FORMAT:-github}" = "sarif" ]; then
  exec memctl lint "${MEMCTL_PATH:-.}" --format sarif --output-file "${MEMCTL_SARIF:-memctl.sarif}" "${extra[@]}"
fi
exec memctl lint "${MEMCTL_PATH:-.}" --format github "${extra[@]}"
