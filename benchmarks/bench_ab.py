"""`make bench-ab REF=<commit> [NEW=<commit>]`: an older commit and the work tree (or NEW), side by side in one loop.

The machine's speed drifts between runs and days, so a change is judged by running both versions
in one loop: each round runs the old code then the new, from source (`python -m memctl` with
PYTHONPATH), each with a cache folder of its own (a cache the other version wrote is one it may not
read). The old code comes from `git worktree add` in a temporary folder, removed afterwards.

By default, make bench's 51-file home and the warm dispatch. Other homes and commands:

    BENCH_AB_HOME   small (default), shaped-small, tidy:N or shaped:N (a fleet of N topics from
                    bench_scale's or shaped.py's generator), huge or shaped-huge (one ~30 MB topic)
    BENCH_AB_CASES  a comma-separated list of: dispatch, dispatch-query, after-write (a line added to
                    a topic the dispatch loads before each run), status, status-text, lint, query,
                    consolidate, consolidate-target, consolidate-all (no --topic on a huge home), split
                    (the default: the dispatches on a small home; status, lint, query and consolidate
                    on the others)
    BENCH_AB_COLD   1: each run starts without its cache

Each round also runs the warm floor (benchmarks/floor.py read: read and decode every markdown
file, as a process of its own), and each median is given against it (the ratio `make bench-scale`
reports, for both versions in one loop), with the peak memory of its largest run.
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
from bench_scale import make_fleet, make_huge
from shaped import make_shaped_fleet, make_shaped_home, make_shaped_huge

ROOT = Path(__file__).resolve().parent.parent
FLOOR = str(Path(__file__).resolve().parent / "floor.py")
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "25"))


def timed(command: list[str], source: Path, cwd: Path, cache: Path) -> float:
    """Seconds of one run of `command` with `source` first on the import path (see `measured`)."""
    return measured(command, source, cwd, cache)[0]


def measured(command: list[str], source: Path, cwd: Path, cache: Path) -> tuple[float, int]:
    """Seconds and peak memory (MB, the run's own from wait4) of one run of `command` with `source`
    first on the import path. The run starts in `cwd`, a folder with no memctl in it: `python -m`
    puts the current folder before PYTHONPATH, so a run from the repository would import the work
    tree whatever PYTHONPATH says."""
    env = {**os.environ, "PYTHONPATH": str(source), "PYTHONDONTWRITEBYTECODE": "", "MEMCTL_CACHE_DIR": str(cache),
           "MEMCTL_TODAY": "2026-11-29"}
    start = time.perf_counter()
    child = subprocess.Popen(command, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait for it again
    if child.returncode:
        raise subprocess.CalledProcessError(child.returncode, command)
    return elapsed, usage.ru_maxrss // 1024


def imported_from(source: Path, cwd: Path) -> str:
    env = {**os.environ, "PYTHONPATH": str(source)}
    return subprocess.run([sys.executable, "-c", "import memctl; print(memctl.__file__)"], env=env, cwd=cwd,
                          capture_output=True, text=True, check=True).stdout.strip()


def make(home: Path, kind: str) -> tuple[str, str]:
    """Build the home; the path of a topic that skill-3 loads (or the huge topic), and a query."""
    name, _, size = kind.partition(":")
    if name == "small":
        make_home(home)
        return "topics/topic-3.md", query_words()
    if name == "shaped-small":
        make_shaped_home(home)
        return next(home.glob("topics/**/topic-3.md")).relative_to(home).as_posix(), "node release rollback drain"
    if name in ("tidy", "shaped"):
        (make_fleet if name == "tidy" else make_shaped_fleet)(home, int(size or 3000))
        first = sorted(p for p in home.glob("topics/**/*.md"))[0]
        return first.relative_to(home).as_posix(), "bastion migration kalotor"
    if name == "huge":
        make_huge(home)
        return "topics/big.md", "bastion migration kalotor"
    if name == "shaped-huge":
        make_shaped_huge(home)
        return "topics/ops/log/big.md", "bastion migration kalotor"
    sys.exit(f"unknown BENCH_AB_HOME {kind!r}")


def cases_of(home: Path, written: Path, kind: str, topic: str, query: str) -> dict[str, list[str]]:
    """The commands by case name; after-write's runs on `written`, a twin of `home` it writes to."""
    memctl = [sys.executable, "-m", "memctl"]
    h = str(home)
    skills = [*memctl, "assemble", h, "--skill", "skill-3", "--skill", "skill-7", "--format", "xml"]
    twin = [str(written) if a == h else a for a in skills]
    huge = kind in ("huge", "shaped-huge")
    every = {"dispatch": skills, "dispatch-query": [*skills, "--query", query],
             "after-write": [*twin, "--query", query],
             "status": [*memctl, "status", h, "--format", "json"], "status-text": [*memctl, "status", h],
             "lint": [*memctl, "lint", h, "--exit-zero"],
             "query": [*memctl, "assemble", h, "--query", query, "--budget", "8000"],
             "consolidate": [*memctl, "consolidate", h, *(("--topic", "big", "--target", "100000") if huge else ())],
             "consolidate-target": [*memctl, "consolidate", h, "--target", "1250"],
             "consolidate-all": [*memctl, "consolidate", h],  # every topic at its budget (a huge one too)
             "split": [*memctl, "split", f"{h}/{topic}"]}
    small = kind in ("small", "shaped-small")
    default = "dispatch,dispatch-query" if small else "status,lint,query,consolidate"
    return {name: every[name] for name in os.environ.get("BENCH_AB_CASES", default).split(",")}


def main() -> None:
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: bench_ab.py REF [NEW] (a commit, tag or branch to compare the work tree, or NEW, with)")
    ref = sys.argv[1]
    new_ref = sys.argv[2] if len(sys.argv) == 3 else None
    kind = os.environ.get("BENCH_AB_HOME", "small")
    cold = os.environ.get("BENCH_AB_COLD") == "1"
    folder = Path(tempfile.mkdtemp(prefix="memctl-ab-"))
    old = folder / "old"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(old), ref], check=True)
    new = ROOT
    if new_ref is not None:
        new = folder / "new"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(new), new_ref], check=True)
    try:
        home = folder / "home"
        topic, query = make(home, kind)
        cases = cases_of(home, folder / "written", kind, topic, query)
        if "after-write" in cases:
            make(folder / "written", kind)
        sources = {f"{ref[:12]}": old, new_ref[:12] if new_ref else "work tree": new}
        caches = {name: folder / f"cache-{n}" for n, name in enumerate([*sources, "floor"])}
        for source in sources.values():
            where = imported_from(source, folder)
            if not where.startswith(str(source)):
                sys.exit(f"python imports memctl from {where}, not from {source}: the comparison would be void")
        written = iter(range(1_000_000))

        def before(case: str, name: str) -> None:
            if cold:
                shutil.rmtree(caches[name] / "homes", ignore_errors=True)
            if case == "after-write":
                with open(folder / "written" / topic, "a", encoding="utf-8") as handle:
                    handle.write(f"- 2026-11-29: lesson {next(written)}: drain the queue before the release.\n")

        for command in cases.values():
            for name, source in sources.items():
                timed(command, source, folder, caches[name])
                timed(command, source, folder, caches[name])
        times = {(case, name): [] for case in cases for name in sources}  # type: ignore[var-annotated]
        peaks = {(case, name): 0 for case in cases for name in sources}
        floor: list[float] = []  # reading and decoding every file, in the same loop
        for _ in range(ROUNDS):
            floor.append(measured([sys.executable, FLOOR, "read", str(home)], new, folder, caches["floor"])[0])
            for case, command in cases.items():
                for name, source in sources.items():
                    before(case, name)
                    seconds, peak = measured(command, source, folder, caches[name])
                    times[case, name].append(seconds)
                    peaks[case, name] = max(peaks[case, name], peak)
        read = statistics.median(floor)
        print(f"A/B: {ref} against {new_ref or 'the work tree'} on {kind}{' (cold)' if cold else ''}, "
              f"{ROUNDS} interleaved rounds, medians (python -m memctl); x: against reading every file "
              f"({read * 1000:.1f} ms), peak: the largest run's")
        for case in cases:
            medians = [statistics.median(times[case, name]) for name in sources]
            row = "  ".join(f"{name} {m * 1000:8.1f} ms {m / read:5.1f}x {peaks[case, name]:5} MB"
                            for name, m in zip(sources, medians, strict=True))
            print(f"{case:<20} {row}  ({medians[1] / medians[0]:.2f}x)")
    finally:
        for tree in (old, new):
            if tree != ROOT:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
