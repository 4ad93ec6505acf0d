"""`make bench` (second half): `memctl history` on a repository with 1,000 commits.

The repository is written with `git fast-import` in a temporary folder: a home whose index
gains a line at each commit over 500 days, with a topic file touched every tenth commit.
Cold runs clear the home's cache first (every file version is counted); warm runs reuse it.
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

from memctl.model.cache import cache_file

COMMITS = 1000
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "5"))
BIN = Path(sys.executable).parent
START = 1_735_689_600  # 2025-01-01T00:00:00Z


def build(root: Path) -> None:
    subprocess.run(["git", "init", "-q", "-b", "main", str(root)], check=True)
    stream = []
    index = ["# Index\n", "\n", "- [Fleet](topics/fleet.md)\n"]
    topic = ["# Fleet\n", "\n"]
    for n in range(COMMITS):
        index.append(f"- fact {n}: the build cache lives on the scratch disk of host {n % 7}\n")
        files = {"memory/MEMORY.md": "".join(index)}
        if n % 10 == 0:
            topic.append(f"- host {n}: 16 cores, 64 GiB, bastion access only\n")
            files["memory/topics/fleet.md"] = "".join(topic)
        when = START + n * 43_200  # every 12 hours
        stream.append(f"commit refs/heads/main\ncommitter t <t@example.org> {when} +0000\ndata 9\ncommit {n % 10}\n")
        for path, text in files.items():
            data = text.encode()
            stream.append(f"M 100644 inline {path}\ndata {len(data)}\n")
            stream.append(data.decode() + "\n")
    subprocess.run(["git", "-C", str(root), "fast-import", "--quiet"], input="".join(stream).encode(), check=True)
    subprocess.run(["git", "-C", str(root), "checkout", "-q", "main"], check=True)


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="memctl-bench-history-"))
    os.environ["MEMCTL_CACHE_DIR"] = str(folder / "cache")  # the bench's own cache, not the user's
    build(folder)
    home = folder / "memory"
    memctl = str(BIN / "memctl")
    weekly = [memctl, "history", str(home), "--period", "week", "--since", "2025-01-01", "--until", "2026-05-16"]
    daily_all = [memctl, "history", str(home), "--since", "2025-01-01", "--until", "2026-05-16"]
    cases = {
        "history --period week (71 weeks), cold": (weekly, True),
        "history --period day (501 days), cold": (daily_all, True),
        "history --period week (71 weeks), warm": (weekly, False),
        "history --period day (501 days), warm": (daily_all, False),
        "history --period day (14 days), warm": ([memctl, "history", str(home), "--until", "2026-05-16"], False),
        "git log --oneline (for scale)": (["git", "-C", str(folder), "log", "--oneline"], False),
    }
    times: dict[str, list[float]] = {name: [] for name in cases}
    for name, (command, cold) in cases.items():  # cold runs first: each starts without a cache
        if not cold:
            timed(command)  # fill the cache for this case's file versions
        for _ in range(ROUNDS):
            if cold:
                main = Path(cache_file(str(home.resolve())))  # and history's own file beside it
                for path in [main, *main.parent.glob(main.name[: -len(".cache")] + ".*.cache")]:
                    path.unlink(missing_ok=True)
            times[name].append(timed(command))
    print(f"history benchmark: {COMMITS} commits over 500 days, {ROUNDS} rounds, medians")
    for name, samples in times.items():
        print(f"{name:<48} {statistics.median(samples) * 1000:>9.1f} ms")
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
