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


def timed(command: list[str], source: Path, cwd: Path) -> float:
    """Seconds of one run of `command` with `source` first on the import path. The run starts in
    `cwd`, a folder with no memctl in it: `python -m` puts the current folder before PYTHONPATH,
    so a run from the repository would import the work tree whatever PYTHONPATH says."""
    env = {**os.environ, "PYTHONPATH": str(source), "PYTHONDONTWRITEBYTECODE": ""}
    start = time.perf_counter()
    subprocess.run(command, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def imported_from(source: Path, cwd: Path) -> str:
    env = {**os.environ, "PYTHONPATH": str(source)}
    return subprocess.run([sys.executable, "-c", "import memctl; print(memctl.__file__)"], env=env, cwd=cwd,
                          capture_output=True, text=True, check=True).stdout.strip()


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
        for source in sources.values():
            where = imported_from(source, folder)
            if not where.startswith(str(source)):
                sys.exit(f"python imports memctl from {where}, not from {source}: the comparison would be void")
        for command in cases.values():
            for source in sources.values():
                timed(command, source, folder)
                timed(command, source, folder)
        times = {(case, name): [] for case in cases for name in sources}  # type: ignore[var-annotated]
        for _ in range(ROUNDS):
            for case, command in cases.items():
                for name, source in sources.items():
                    times[case, name].append(timed(command, source, folder))
        print(f"A/B: {ref} against the work tree, {ROUNDS} interleaved rounds, medians (python -m memctl)")
        for case in cases:
            row = "  ".join(f"{name} {statistics.median(times[case, name]) * 1000:6.1f} ms" for name in sources)
            print(f"{case:<45} {row}")
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)], check=False)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
