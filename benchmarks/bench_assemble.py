"""`make bench`: memctl assemble side by side with files-to-prompt --cxml, in one run.

Two small homes, each made fresh in a temporary directory: `tidy` (make_home: a 300-line index
and 50 topic files of about 4 KB) and `shaped` (benchmarks/shaped.py: the same size, with quoted
titles holding `#`, nested folders, code fences, tables and non-ASCII). Each round runs every
command once, in turn, so all see the same machine load; the figures are medians over the rounds,
with each one's ratio to files-to-prompt --cxml and to files-to-prompt --cxml | tiktoken (the
whole home as one prompt, its tokens counted). Ratios below 1.0 mean memctl is faster. The row
"right after the agent wrote a topic" appends a line to a topic the dispatch loads before each run.
Then the warm `--query` over BENCH_FLEET topics of each generator (0: skipped).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from memctl.model.cache import cache_file

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "25"))
FLEET = int(os.environ.get("BENCH_FLEET", "10000"))  # topics in the large home (0: skip it)
FLEET_ROUNDS = int(os.environ.get("BENCH_FLEET_ROUNDS", "3"))
BIN = Path(sys.executable).parent
WORDS = ("deploy queue lease agent fleet cost release rollback incident disk cache token budget index "
         "topic section archive host bastion scratch prune health staging database migration").split()


SYLLABLES = "ka lo mi ren tor vas qui zel pha dun bri sol".split()


def vocabulary(rng: random.Random, size: int) -> list[str]:
    return ["".join(rng.choices(SYLLABLES, k=3)) for _ in range(size)]


def make_home(root: Path) -> None:
    """Topics that share common words but each have their own vocabulary, as real ones do."""
    rng = random.Random(42)
    vocab = [vocabulary(rng, 30) for _ in range(50)]
    (root / "topics").mkdir(parents=True)
    index = ["# Index\n", "\n"]
    for t in range(50):
        index.append(f"- [Topic {t}](topics/topic-{t}.md) — {' '.join(rng.choices(WORDS, k=6))}\n")
    while len(index) < 300:
        if len(index) % 25 == 0:
            index.append(f"## Section {len(index)}\n")
        else:
            index.append(f"- {' '.join(rng.choices(WORDS, k=10))}\n")
    (root / "MEMORY.md").write_text("".join(index))
    for t in range(50):
        body = [f"---\ntitle: Topic {t}\nskills: [skill-{t % 10}]\n---\n# Topic {t}\n"]
        size = 0
        section = 0
        while size < 4000:
            if size // 600 >= section:
                section += 1
                body.append(f"\n## Part {section}\n\n")
            line = f"- {' '.join(rng.choices(vocab[t], k=8) + rng.choices(WORDS, k=4))}\n"
            body.append(line)
            size += len(line)
        (root / "topics" / f"topic-{t}.md").write_text("".join(body))


def timed(command: list[str], stdin: bytes | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(command, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def query_words() -> str:
    rng = random.Random(42)
    vocab = [vocabulary(rng, 30) for _ in range(50)]
    return " ".join(vocab[12][:2] + ["rollback"])


FTP = "files-to-prompt --cxml (all files)"
FTP_COUNT = "files-to-prompt --cxml | tiktoken"


def small_home(folder: Path, generator: str) -> None:
    """make bench's rows on one small home: `tidy` (make_home) or `shaped` (benchmarks/shaped.py)."""
    sys.path.insert(0, str(Path(__file__).parent))
    from shaped import make_shaped_home

    make = make_home if generator == "tidy" else make_shaped_home
    home, cold_home, written = folder / "home", folder / "cold", folder / "written"
    for root in (home, cold_home, written):
        make(root)  # twins: one whose cache is cleared before each run, one the agent writes to
    memctl, ftp, python = str(BIN / "memctl"), str(BIN / "files-to-prompt"), str(BIN / "python")
    floor = str(Path(__file__).resolve().parent / "floor.py")
    words = query_words() if generator == "tidy" else "node release rollback drain"

    def dispatch(root: Path, query: bool = True) -> list[str]:
        skills = [memctl, "assemble", str(root), "--skill", "skill-3", "--skill", "skill-7", "--format", "xml"]
        return [*skills, "--query", words] if query else skills

    everything = [memctl, "assemble", str(home), "--budget", "200000", "--format", "xml",
                  *[a for s in range(10) for a in ("--skill", f"skill-{s}")]]
    prompt = json.dumps({"hook_event_name": "UserPromptSubmit", "prompt": words}).encode()
    loaded = next(written.glob("topics/**/topic-3.md"))  # skill-3 loads it
    rounds = iter(range(1_000_000))

    def agent_writes() -> None:
        with open(loaded, "a", encoding="utf-8") as handle:
            handle.write(f"- 2026-11-29: lesson {next(rounds)} learnt: drain the queue before the release.\n")

    cases: dict[str, tuple[list[str], Callable[[], None] | None, bytes | None]] = {
        FTP: ([ftp, "--cxml", str(home)], None, None),
        FTP_COUNT: (["sh", "-c", f'"{ftp}" --cxml "{home}" | "{python}" "{floor}" count'], None, None),
        "memctl assemble, dispatch (index + 2 skills), warm": (dispatch(home, False), None, None),
        "memctl assemble, dispatch (index + 2 skills + query), warm": (dispatch(home), None, None),
        "memctl assemble, dispatch, right after the agent wrote a topic": (dispatch(written), agent_writes, None),
        "memctl assemble, all files, warm": (everything, None, None),
        "memctl assemble, dispatch, cold (no cache)": (
            dispatch(cold_home), Path(cache_file(str(cold_home.resolve()))).unlink, None),
        "memctl hook user-prompt (Claude Code's stdin), warm": ([memctl, "hook", "user-prompt", str(home)], None,
                                                                prompt),
        "memctl status --format json, warm": ([memctl, "status", str(home), "--format", "json"], None, None),
        "memctl lint, warm": ([memctl, "lint", str(home), "--exit-zero"], None, None),
    }
    if generator == "tidy":
        arc_prompt = json.dumps({"hook_event_name": "UserPromptSubmit",
                                 "prompt": "The build queue stalled again: what fixed it last time?"}).encode()
        arc = str(Path(__file__).resolve().parent.parent / "fixtures/arc/memory")
        cases["memctl hook user-prompt on fixtures/arc/memory, warm"] = (
            [memctl, "hook", "user-prompt", arc], None, arc_prompt)
    for command, _, stdin in cases.values():
        timed(command, stdin)  # warm the OS file cache and memctl's token cache
    times: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(ROUNDS):
        for name, (command, before, stdin) in cases.items():
            if before is not None:
                try:
                    before()
                except FileNotFoundError:
                    pass
            times[name].append(timed(command, stdin))
    base, counted = statistics.median(times[FTP]), statistics.median(times[FTP_COUNT])
    files = sum(1 for _ in home.glob("**/*.md"))
    print(f"\nassemble benchmark, {generator} home: {files - 1} topics and a 300-line index, "
          f"{ROUNDS} interleaved rounds, medians")
    print(f"{'command':<66} {'median ms':>10} {'vs ftp':>7} {'vs ftp|tok':>10}")
    for name, samples in times.items():
        median = statistics.median(samples)
        print(f"{name:<66} {median * 1000:>10.1f} {median / base:>6.2f}x {median / counted:>9.2f}x")


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="memctl-bench-"))
    os.environ["MEMCTL_CACHE_DIR"] = str(folder / "cache")  # the bench's own cache, not the user's
    for generator in os.environ.get("BENCH_GENERATORS", "tidy,shaped").split(","):
        small_home(folder / generator, generator)
    if FLEET:
        for generator in os.environ.get("BENCH_GENERATORS", "tidy,shaped").split(","):
            fleet(folder / f"fleet-{generator}", generator)
    shutil.rmtree(folder, ignore_errors=True)


def fleet(home: Path, generator: str) -> None:
    """The same query over a home of FLEET topics (bench_scale's fleets), warm, against reading
    every file and against files-to-prompt."""
    sys.path.insert(0, str(Path(__file__).parent))
    from bench_scale import make_fleet
    from shaped import make_shaped_fleet

    (make_fleet if generator == "tidy" else make_shaped_fleet)(home, FLEET)
    memctl, ftp, python = str(BIN / "memctl"), str(BIN / "files-to-prompt"), str(BIN / "python")
    query = [memctl, "assemble", str(home), "--query", "bastion migration kalotor", "--budget", "8000"]
    cases = {f"files-to-prompt --cxml (all {FLEET + 1:,} files)": [ftp, "--cxml", str(home)],
             "read and decode every file (floor.py read)": [python, str(Path(__file__).parent / "floor.py"),
                                                            "read", str(home)],
             "memctl assemble --query, --budget 8000, warm": query}
    for command in cases.values():
        timed(command)
    times: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(FLEET_ROUNDS):
        for name, command in cases.items():
            times[name].append(timed(command))
    base = statistics.median(next(iter(times.values())))
    read = statistics.median(times["read and decode every file (floor.py read)"])
    print(f"\n{FLEET:,} topics ({generator} fleet, make bench-scale's), {FLEET_ROUNDS} interleaved rounds, medians")
    print(f"{'command':<66} {'median ms':>10} {'vs ftp':>7} {'vs read':>10}")
    for name, samples in times.items():
        median = statistics.median(samples)
        print(f"{name:<66} {median * 1000:>10.1f} {median / base:>6.2f}x {median / read:>9.2f}x")


if __name__ == "__main__":
    main()
