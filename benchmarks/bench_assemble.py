"""`make bench`: memctl assemble side by side with files-to-prompt --cxml, in one run.

The folder: a 300-line index and 50 topic files of about 4 KB, made fresh in a temporary
directory. Each round runs every command once, in turn, so both see the same machine load;
the figures are medians over the rounds. Ratios below 1.0 mean memctl is faster.
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


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="memctl-bench-"))
    os.environ["MEMCTL_CACHE_DIR"] = str(folder / "cache")  # the bench's own cache, not the user's
    home, cold_home = folder / "home", folder / "cold"
    make_home(home)
    make_home(cold_home)  # a twin whose cache is cleared before each of its runs
    memctl, ftp = str(BIN / "memctl"), str(BIN / "files-to-prompt")
    skills = [memctl, "assemble", str(home), "--skill", "skill-3", "--skill", "skill-7", "--format", "xml"]
    dispatch = [*skills, "--query", query_words()]
    everything = [memctl, "assemble", str(home), "--budget", "200000", "--format", "xml",
                  *[a for s in range(10) for a in ("--skill", f"skill-{s}")]]
    prompt = json.dumps({"hook_event_name": "UserPromptSubmit", "prompt": query_words()}).encode()
    hook = [memctl, "hook", "user-prompt", str(home)]
    arc_hook = [memctl, "hook", "user-prompt", str(Path(__file__).resolve().parent.parent / "fixtures/arc/memory")]
    cases = {
        "files-to-prompt --cxml (all 51 files)": ([ftp, "--cxml", str(home)], None),
        "memctl assemble, dispatch (index + 2 skills), warm": (skills, None),
        "memctl assemble, dispatch (index + 2 skills + query), warm": (dispatch, None),
        "memctl assemble, all 51 files, warm": (everything, None),
        "memctl assemble, dispatch, cold (no cache)": (
            [str(cold_home) if a == str(home) else a for a in dispatch], Path(cache_file(str(cold_home.resolve())))),
        "memctl hook user-prompt (Claude Code's stdin), warm": (hook, None),
        "memctl hook user-prompt on fixtures/arc/memory, warm": (arc_hook, None),
    }
    arc_prompt = json.dumps({"hook_event_name": "UserPromptSubmit",
                             "prompt": "The build queue stalled again: what fixed it last time?"}).encode()

    def stdin_of(command: list[str]) -> bytes | None:
        return prompt if command is hook else arc_prompt if command is arc_hook else None

    for command, _ in cases.values():
        timed(command, stdin_of(command))  # warm the OS file cache and memctl's token cache
    times: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(ROUNDS):
        for name, (command, clear) in cases.items():
            if clear is not None:
                clear.unlink(missing_ok=True)
            times[name].append(timed(command, stdin_of(command)))
    base = statistics.median(times["files-to-prompt --cxml (all 51 files)"])
    print(f"assemble benchmark: 300-line index, 50 topics of ~4 KB, {ROUNDS} interleaved rounds, medians")
    print(f"{'command':<62} {'median ms':>10} {'vs ftp':>7}")
    for name, samples in times.items():
        median = statistics.median(samples)
        print(f"{name:<62} {median * 1000:>10.1f} {median / base:>6.2f}x")
    if FLEET:
        fleet(folder / "fleet", memctl, ftp)
    shutil.rmtree(folder, ignore_errors=True)


def fleet(home: Path, memctl: str, ftp: str) -> None:
    """The same query over a home of FLEET topics (bench_scale's generated fleet), warm."""
    sys.path.insert(0, str(Path(__file__).parent))
    from bench_scale import make_fleet

    make_fleet(home, FLEET)
    query = [memctl, "assemble", str(home), "--query", "bastion migration kalotor", "--budget", "8000"]
    cases = {f"files-to-prompt --cxml (all {FLEET + 1:,} files)": [ftp, "--cxml", str(home)],
             "memctl assemble --query, --budget 8000, warm": query}
    for command in cases.values():
        timed(command)
    times: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(FLEET_ROUNDS):
        for name, command in cases.items():
            times[name].append(timed(command))
    base = statistics.median(next(iter(times.values())))
    print(f"\n{FLEET:,} topics of ~4 KB (make bench-scale's fleet), {FLEET_ROUNDS} interleaved rounds, medians")
    print(f"{'command':<62} {'median ms':>10} {'vs ftp':>7}")
    for name, samples in times.items():
        median = statistics.median(samples)
        print(f"{name:<62} {median * 1000:>10.1f} {median / base:>6.2f}x")


if __name__ == "__main__":
    main()
