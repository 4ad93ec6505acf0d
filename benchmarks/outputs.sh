#!/usr/bin/env bash
# benchmarks/outputs.sh TREE OUT: what every read-only and plan command prints, with TREE's code
# (a checkout: `git worktree add /tmp/before <commit>`), on every fixture home, the sample homes and
# a home of each bench generator, cold and then warm; stdout, stderr and exit code per command in
# OUT. Run it on two trees and `diff -r` the two OUTs: a change meant to keep outputs byte for byte
# (a redesign, a speed-up) must give no difference. PY names the Python to run (default: this
# checkout's .venv); each run uses a cache folder of its own.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
tree=$(cd "$1" && pwd)
out=$2
py=${PY:-$here/.venv/bin/python}
rm -rf "$out"
mkdir -p "$out"
out=$(cd "$out" && pwd)
# One fixed folder, so that two runs see the same paths: a path can be part of what is counted
# (OpenClaw's marker for a missing bootstrap file names where it was expected) or printed (Claude
# Code's project slug of the current folder). Two runs at once would share it: run them in turn.
work=${OUTPUTS_WORK:-/tmp/memctl-outputs-work}
rm -rf "$work"
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
export MEMCTL_TODAY=2026-12-01 COLUMNS=100 MEMCTL_CACHE_DIR=$work/cache
cp -r "$here/fixtures" "$work/fixtures"
"$py" -c "
import sys; sys.path.insert(0, '$here/benchmarks')
from pathlib import Path
from bench_scale import make_fleet
from shaped import make_shaped_fleet
make_fleet(Path('$work/G/tidy'), 300)
make_shaped_fleet(Path('$work/G/shaped'), 300)
"
S=fixtures/relevance/sample-homes
homes="fixtures/arc/memory fixtures/consolidate fixtures/fat fixtures/messy fixtures/openclaw fixtures/volute/home
fixtures/rollup/home fixtures/lint/index-long fixtures/lint/journal fixtures/hosts/arc-repo/memory fixtures/hosts/claude-cjk
fixtures/hosts/claude-emoji fixtures/hosts/claude-frontmatter fixtures/hosts/openclaw-starved fixtures/hosts/volute-budgets
$S/arc/memory $S/openclaw/workspace $S/volute/home fixtures/homes/arc-repo/memory
fixtures/homes/claude-code/home/.claude/projects/-work-acme-billing/memory fixtures/homes/openclaw/workspace
fixtures/homes/recipes fixtures/homes/volute/home fixtures/homes2/claude-code/home/.claude/projects/-SLUG-/memory
fixtures/homes2/codex/monorepo fixtures/homes2/cursor/shop fixtures/homes2/gemini/webapp G/tidy G/shaped"
commands=("status" "status --format json" "status --all" "lint" "lint --format json --select ALL" "assemble"
          "assemble --query build --budget 3000 --explain" "split --format json" "split --diff"
          "consolidate --format json" "consolidate --diff" "consolidate --target 100 --format json"
          "rollup --diff" "rollup --format json")
run() {  # FILE-STEM ARGS...: one run of memctl, its outputs with the work folder's and the tree's paths replaced
  local f=$1
  shift
  PYTHONPATH=$tree "$py" -m memctl "$@" >"$f.out" 2>"$f.err" <"${STDIN:-/dev/null}" && echo 0 >"$f.rc" || echo $? >"$f.rc"
  sed -i -e "s#$work#WORK#g" -e "s#$tree#TREE#g" "$f.out" "$f.err"  # hook install names the tree it runs from
}
cd "$work"
echo '{"prompt": "the build queue stalled again, what fixed it?", "source": "startup"}' >"$work/prompt.json"
for h in $homes; do
  [ -e "$h" ] || { echo "missing $h" >&2; continue; }
  name=$(echo "$h" | tr '/' '_')
  for pass in cold warm; do
    [ "$pass" = cold ] && rm -rf "$MEMCTL_CACHE_DIR"
    for cmd in "${commands[@]}"; do
      # shellcheck disable=SC2086  # the command's words, split on purpose
      run "$out/$name.$pass.$(echo "$cmd" | tr ' /' '__')" $cmd "$h"
    done
  done
  for event in user-prompt session-start; do
    STDIN=$work/prompt.json run "$out/$name.hook_$event" hook "$event" "$h"
  done
  HOME=$work/userhome run "$out/$name.hook_install" hook install "$h"
  HOME=$work/userhome run "$out/$name.hook_install_volute" hook install "$h" --host volute
done
