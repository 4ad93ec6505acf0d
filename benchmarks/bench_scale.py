"""`make bench-scale`: every command on fleet-size homes and a huge topic, cold and warm, each
against a floor measured in the same loop.

Two generators make the homes. `tidy` (make_fleet, this file's own from the start): topic files of
about 4 KB in one flat `topics/`, four `##` sections of list items each, `title: Topic 12` front
matter. `shaped` (benchmarks/shaped.py): what users' homes hold besides, and what once took a slow
path the tidy fleet never showed: quoted titles holding `#`, topics in nested folders, code fences
of `#` lines, tables, non-ASCII, and topics of 2 to 9 KB over a 1,500-token budget. For each, homes
of BENCH_SCALE_SIZES topics (3,000 and 10,000), and a home whose one topic is about 30 MB.

Each home is measured in two phases, each an interleaved loop of ROUNDS rounds:

- cold: a round runs `files-to-prompt --cxml HOME | tiktoken` (floor.py count: the whole home
  as one prompt, its tokens counted), then each command with its cache file removed first;
- warm: every command runs once to fill one shared cache, then a round runs the floors (read and
  decode every markdown file; stat every one) and each command in turn on that cache, so a
  command that evicts another's entries shows.

BENCH_SCALE_PHASES=cold (or warm) runs one phase only. A cold run starts without the home's cache
files (its own and each command's); the tokenizer's kept ranks (memctl/model/ranks.py) stay, as
tiktoken's own copy of the ranks file in the temporary folder does.

The table gives medians and each one's ratio to its phase's floor: cold against
files-to-prompt | tiktoken, warm against reading every file. Peak memory is each run's own
(wait4's rusage), the largest of a command's runs. Figures go in benchmarks/RESULTS.md; nothing
here is asserted.
"""

from __future__ import annotations

import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from shaped import make_shaped_fleet, make_shaped_huge  # noqa: E402

from memctl.model.cache import cache_file  # noqa: E402

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
TIMEOUT = float(os.environ.get("BENCH_TIMEOUT", "300"))  # a run past it is cut and shown as inf
BIN = Path(sys.executable).parent
SOURCE = os.environ.get("BENCH_SOURCE", "")  # a source tree to run (python -m memctl) instead of the installed memctl
FLOOR = str(Path(__file__).resolve().parent / "floor.py")
WORDS = ("deploy queue lease agent fleet cost release rollback incident disk cache token budget index "
         "topic section archive host bastion scratch prune health staging database migration").split()
SYLLABLES = "ka lo mi ren tor vas qui zel pha dun bri sol".split()
QUERY = "bastion migration kalotor"  # what `assemble --query` and `memory_search` look for


def make_fleet(root: Path, topics: int) -> None:
    rng = random.Random(topics)
    (root / "topics").mkdir(parents=True)
    index = ["# Index\n\n## Topics\n\n"] + [f"- [t{t}](topics/t{t}.md)\n" for t in range(0, topics, 50)]
    (root / "MEMORY.md").write_text("".join(index))
    for t in range(topics):
        own = ["".join(rng.choices(SYLLABLES, k=3)) for _ in range(12)]
        body = [f"---\ntitle: Topic {t}\nskills: [skill-{t % 20}]\nupdated: 2026-11-0{1 + t % 9}\n---\n# Topic {t}\n"]
        for section in range(4):
            body.append(f"\n## Part {section} {own[section]}\n\n")
            for item in range(8):
                day = f"202{4 + (item + t) % 3}-0{1 + item}-1{section}"
                body.append(f"- {day}: {' '.join(rng.choices(own, k=6) + rng.choices(WORDS, k=6))}.\n")
        (root / "topics" / f"t{t}.md").write_text("".join(body))
    (root / ".memctl.yaml").write_text("budgets: {topic_tokens: 2000}\n")


def make_huge(root: Path) -> None:
    (root / "topics").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Index\n\n- [big](topics/big.md)\n")
    rng = random.Random(7)
    with open(root / "topics" / "big.md", "w") as handle:
        handle.write("# Big\n")
        for section in range(6000):
            handle.write(f"\n## {2020 + section % 6}-0{1 + section % 9}-1{section % 10} part {section}\n\n")
            handle.write("".join(f"- {' '.join(rng.choices(WORDS, k=6))} {section}.{n}\n" for n in range(100)))


def clear_cache(home: Path) -> None:
    """Remove the home's cache file, and those of the commands that keep one of their own."""
    main = Path(cache_file(str(home.resolve())))
    for path in [main, *main.parent.glob(main.name[: -len(".cache")] + ".*.cache")]:
        path.unlink(missing_ok=True)


def run(command: list[str], home: Path | None = None, cold: bool = False) -> tuple[float, int]:
    """Seconds and peak memory (MB) of one run. The peak is this run's own (wait4's rusage):
    RUSAGE_CHILDREN's is the largest of every child so far, which made later rows repeat earlier peaks."""
    if cold and home is not None:
        clear_cache(home)
    env = {**os.environ, "MEMCTL_TODAY": "2026-11-29", **({"PYTHONPATH": SOURCE} if SOURCE else {})}
    start = time.perf_counter()
    # From the cache folder's parent, which holds no memctl: `python -m` imports from the current folder first
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
                             cwd=Path(os.environ["MEMCTL_CACHE_DIR"]).parent)
    while True:
        pid, _, usage = os.wait4(child.pid, os.WNOHANG)
        if pid:
            elapsed = time.perf_counter() - start
            child.returncode = 0  # reaped here: Popen must not wait for it again
            return elapsed, usage.ru_maxrss // 1024
        if time.perf_counter() - start > TIMEOUT:
            child.kill()
            os.wait4(child.pid, 0)
            child.returncode = -9
            return float("inf"), 0  # printed as "inf": did not finish within TIMEOUT seconds
        time.sleep(0.002)


def floors(home: Path) -> dict[str, list[str]]:
    """The floors' commands: (cold) the home as one prompt, counted; (warm) read every file; stat every file."""
    python, ftp = str(BIN / "python"), str(BIN / "files-to-prompt")
    return {"cold": ["sh", "-c", f'"{ftp}" --cxml "{home}" | "{python}" "{FLOOR}" count'],
            "read": [python, FLOOR, "read", str(home)], "stat": [python, FLOOR, "stat", str(home)]}


def commands(home: Path, huge: str) -> dict[str, list[str]]:
    memctl = [str(BIN / "python"), "-m", "memctl"] if SOURCE else [str(BIN / "memctl")]
    h = str(home)
    if huge:
        return {"status --format json": [*memctl, "status", h, "--format", "json"],
                "lint --exit-zero": [*memctl, "lint", h, "--exit-zero"],
                "assemble --topic big --budget 8000": [*memctl, "assemble", h, "--topic", "big", "--budget", "8000"],
                "assemble --query, --budget 8000": [*memctl, "assemble", h, "--query", QUERY, "--budget", "8000"],
                "consolidate (plan)": [*memctl, "consolidate", h, "--topic", "big", "--target", "100000"],
                "split the topic (plan)": [*memctl, "split", f"{h}/{huge}"]}
    return {"status --format json": [*memctl, "status", h, "--format", "json"],
            "status (text)": [*memctl, "status", h],
            "status --all (text)": [*memctl, "status", h, "--all"],
            "lint --exit-zero": [*memctl, "lint", h, "--exit-zero"],
            "assemble --query, --budget 8000": [*memctl, "assemble", h, "--query", QUERY, "--budget", "8000"],
            "consolidate (plan)": [*memctl, "consolidate", h],
            "consolidate --target 1250 (plan)": [*memctl, "consolidate", h, "--target", "1250"]}


Figures = dict[str, tuple[float, float, int]]  # command -> (cold s, warm s, peak MB); floors too


def measure(home: Path, huge: str = "") -> Figures:
    """Cold then warm, each an interleaved loop with its floors (see the module's docstring)."""
    cases, floor = commands(home, huge), floors(home)
    phases = os.environ.get("BENCH_SCALE_PHASES", "cold,warm").split(",")
    cold: dict[str, list[tuple[float, int]]] = {name: [] for name in ["floor", *cases]}
    for _ in range(ROUNDS if "cold" in phases else 0):
        cold["floor"].append(run(floor["cold"]))
        for name, command in cases.items():
            cold[name].append(run(command, home, cold=True))
    for command in cases.values() if "warm" in phases else ():  # one cache, filled by every command
        run(command)
    warm: dict[str, list[tuple[float, int]]] = {name: [] for name in ["read", "stat", *cases]}
    for _ in range(ROUNDS if "warm" in phases else 0):
        warm["read"].append(run(floor["read"]))
        warm["stat"].append(run(floor["stat"]))
        for name, command in cases.items():
            warm[name].append(run(command))

    def median(samples: list[tuple[float, int]]) -> float:
        return statistics.median(t for t, _ in samples) if samples else float("nan")

    figures = {name: (median(cold[name]), median(warm[name]), max((m for _, m in cold[name] + warm[name]), default=0))
               for name in cases}
    figures["floor"] = (median(cold["floor"]), median(warm["read"]), 0)
    figures["stat"] = (0.0, median(warm["stat"]), 0)
    return figures


def measure_mcp(home: Path) -> tuple[float, float] | None:
    """`memory_search` through one `memctl mcp` server (the SDK's client over stdio): the first call
    (with the cache removed: every file read) and the median of ROUNDS calls after it. None without the SDK."""
    try:
        import anyio
        from mcp import Client
        from mcp.client.stdio import StdioServerParameters
    except ImportError:
        return None
    clear_cache(home)
    memctl = [str(BIN / "python"), "-m", "memctl"] if SOURCE else [str(BIN / "memctl")]
    params = StdioServerParameters(command=memctl[0], args=[*memctl[1:], "mcp", str(home)],
                                   env={**os.environ, "MEMCTL_TODAY": "2026-11-29",
                                        **({"PYTHONPATH": SOURCE} if SOURCE else {})})
    times: list[float] = []

    async def main() -> None:
        async with Client(params, mode="legacy") as client:
            for _ in range(ROUNDS + 1):
                start = time.perf_counter()
                result = await client.call_tool("memory_search", {"query": QUERY, "budget": 8000})
                times.append(time.perf_counter() - start)
                assert not result.is_error, result.content

    anyio.run(main)
    return times[0], statistics.median(times[1:])


def table(title: str, sizes: list[int], tables: dict[int, Figures]) -> None:
    print(f"\n{title}: medians of {ROUNDS} interleaved rounds; cold x: against files-to-prompt --cxml | "
          "tiktoken, warm x: against reading every file")
    head = "".join(f"{f'{s:,} cold':>16}{'x':>6}{'warm':>8}{'x':>6}" for s in sizes)
    print(f"{'command':<34}{head}{'peak MB':>9}")
    floor = "".join(f"{t['floor'][0]:>15.2f}s{'':>6}{t['floor'][1]:>7.2f}s{'':>6}" for t in tables.values())
    print(f"{'floor (ftp | tiktoken; read all)':<34}{floor}")
    stat = "".join(f"{'':>22}{t['stat'][1]:>7.2f}s{'':>6}" for t in tables.values())
    print(f"{'floor (stat every file)':<34}{stat}")
    for name in tables[sizes[0]]:
        if name in ("floor", "stat"):
            continue
        cells = ""
        for t in tables.values():
            c, w, _ = t[name]
            cells += f"{c:>15.2f}s{c / t['floor'][0]:>5.1f}x{w:>7.2f}s{w / t['floor'][1]:>5.1f}x"
        print(f"{name:<34}{cells}{max(t[name][2] for t in tables.values()):>9}")


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="memctl-bench-scale-"))
    os.environ["MEMCTL_CACHE_DIR"] = str(folder / "cache")
    sizes = [int(s) for s in os.environ.get("BENCH_SCALE_SIZES", "3000,10000").split(",") if s]
    generators = os.environ.get("BENCH_SCALE_GENERATORS", "tidy,shaped").split(",")
    makers = {"tidy": make_fleet, "shaped": make_shaped_fleet}
    print("scale benchmark: cold = no cache; peak MB: the largest of a command's runs, any size")
    for generator in generators:
        tables = {}
        searched: dict[int, tuple[float, float] | None] = {}
        for size in sizes:
            home = folder / f"{generator}-{size}"
            makers[generator](home, size)
            tables[size] = measure(home)
            searched[size] = measure_mcp(home)
            shutil.rmtree(home, ignore_errors=True)
        if sizes:
            table(f"{generator} fleet", sizes, tables)
        if all(searched.values()):  # first call, then warm: one server answering call after call
            print(f"{'mcp memory_search (one server)':<34}"
                  + "".join(f"{found[0]:>15.2f}s{'':>6}{found[1]:>7.2f}s{'':>6}"
                            for found in searched.values() if found))
    huge_makers = {"tidy": (make_huge, "topics/big.md"), "shaped": (make_shaped_huge, "topics/ops/log/big.md")}
    for generator in os.environ.get("BENCH_SCALE_HUGE", "tidy,shaped").split(","):
        if generator not in huge_makers:
            continue
        make, rel = huge_makers[generator]
        home = folder / f"huge-{generator}"
        make(home)
        big = home / rel
        with open(big, encoding="utf-8") as handle:
            lines = sum(1 for _ in handle)
        figures = measure(home, rel)
        print(f"\none topic of {big.stat().st_size / 1e6:.0f} MB ({lines:,} lines; {generator} generator); "
              f"medians of {ROUNDS}")
        print(f"{'command':<34}{'cold':>10}{'x':>6}{'warm':>8}{'x':>6}{'peak MB':>9}")
        cold_floor, warm_floor, _ = figures["floor"]
        print(f"{'floor (ftp | tiktoken; read all)':<34}{cold_floor:>9.2f}s{'':>6}{warm_floor:>7.2f}s")
        for name, (cold, warm, peak) in figures.items():
            if name in ("floor", "stat"):
                continue
            print(f"{name:<34}{cold:>9.2f}s{cold / figures['floor'][0]:>5.1f}x{warm:>7.2f}s"
                  f"{warm / figures['floor'][1]:>5.1f}x{peak:>9}")
        shutil.rmtree(home, ignore_errors=True)
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
