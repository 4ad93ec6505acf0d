"""`make bench-ab REF=<commit>`: the warm dispatch of an older commit and of the work tree, side by side.

The machine's speed drifts between runs and days, so a change is judged by running both versions
in one loop: each round runs the old code then the new, from source (`python -m memctl` with
PYTHONPATH), on make bench's 51-file home. The old code comes from `git worktree add` in a
temporary folder, removed afterwards.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_assemble import make_home, query_words

ROOT = Path(__file__).resolve().parent.parent
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "25"))


def timed(command: list[str], source: Path) -> float:
    env = {**os.environ, "PYTHONPATH": str(source), "PYTHONDONTWRITEBYTECODE": ""}
    start = time.perf_counter()
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: bench_ab.py REF (a commit, tag or branch to compare the work tree with)")
    ref = sys.argv[1]
    folder = Path(tempfile.mkdtemp(prefix="memctl-ab-"))
    old = folder / "old"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(old), ref], check=True)
    try:
        os.environ["MEMCTL_CACHE_DIR"] = str(folder / "cache")
        home = folder / "home"
        make_home(home)
        skills = [sys.executable, "-m", "memctl", "assemble", str(home), "--skill", "skill-3", "--skill", "skill-7",
                  "--format", "xml"]
        cases = {"dispatch (index + 2 skills), warm": skills,
                 "dispatch (index + 2 skills + query), warm": [*skills, "--query", query_words()]}
        sources = {f"{ref[:12]}": old, "work tree": ROOT}
        for command in cases.values():
            for source in sources.values():
                timed(command, source)
                timed(command, source)
        times = {(case, name): [] for case in cases for name in sources}  # type: ignore[var-annotated]
        for _ in range(ROUNDS):
            for case, command in cases.items():
                for name, source in sources.items():
                    times[case, name].append(timed(command, source))
        print(f"A/B: {ref} against the work tree, {ROUNDS} interleaved rounds, medians (python -m memctl)")
        for case in cases:
            row = "  ".join(f"{name} {statistics.median(times[case, name]) * 1000:6.1f} ms" for name in sources)
            print(f"{case:<45} {row}")
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)], check=False)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
