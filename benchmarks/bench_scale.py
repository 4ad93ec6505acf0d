"""`make bench-scale`: every command on fleet-size homes and a huge topic, cold and warm.

Generated homes of 2,500 and 10,000 topic files (each about 4 KB: four `##` sections of list
items, with shared words and a vocabulary of its own, and dated entries) and one home whose single
topic is 25 MB (600,000 list lines). Each command runs cold (its cache file removed first) and then
warm, ROUNDS times; the table gives medians, peak memory, and how the time grew from 2,500 to 10,000
topics (linear growth is 4.0x). Figures go in benchmarks/RESULTS.md; nothing here is asserted.
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

from memctl.model.cache import cache_file

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
TIMEOUT = float(os.environ.get("BENCH_TIMEOUT", "300"))  # a run past it is cut and shown as inf
BIN = Path(sys.executable).parent
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


def run(command: list[str], home: Path, cold: bool) -> tuple[float, int]:
    """Seconds and peak memory (MB) of one run. The peak is this run's own (wait4's rusage):
    RUSAGE_CHILDREN's is the largest of every child so far, which made later rows repeat earlier peaks."""
    if cold:
        Path(cache_file(str(home.resolve()))).unlink(missing_ok=True)
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             env={**os.environ, "MEMCTL_TODAY": "2026-11-29"})
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


def commands(home: Path, huge: bool) -> dict[str, list[str]]:
    memctl = str(BIN / "memctl")
    h = str(home)
    if huge:
        return {"status --format json": [memctl, "status", h, "--format", "json"],
                "lint --exit-zero": [memctl, "lint", h, "--exit-zero"],
                "assemble --topic big --budget 8000": [memctl, "assemble", h, "--topic", "big", "--budget", "8000"],
                "consolidate (plan)": [memctl, "consolidate", h, "--topic", "big", "--target", "100000"],
                "split the topic (plan)": [memctl, "split", f"{h}/topics/big.md"]}
    return {"status --format json": [memctl, "status", h, "--format", "json"],
            "status (text)": [memctl, "status", h],
            "status --all (text)": [memctl, "status", h, "--all"],
            "lint --exit-zero": [memctl, "lint", h, "--exit-zero"],
            "assemble --query, --budget 8000": [memctl, "assemble", h, "--query", QUERY, "--budget", "8000"],
            "consolidate (plan)": [memctl, "consolidate", h],
            "consolidate --target 1250 (plan)": [memctl, "consolidate", h, "--target", "1250"]}


def measure_mcp(home: Path) -> tuple[float, float] | None:
    """`memory_search` through one `memctl mcp` server (the SDK's client over stdio): the first call
    (with the cache removed: every file read) and the median of ROUNDS calls after it. None without the SDK."""
    try:
        import anyio
        from mcp import Client
        from mcp.client.stdio import StdioServerParameters
    except ImportError:
        return None
    Path(cache_file(str(home.resolve()))).unlink(missing_ok=True)
    params = StdioServerParameters(command=str(BIN / "memctl"), args=["mcp", str(home)],
                                   env={**os.environ, "MEMCTL_TODAY": "2026-11-29"})
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


def measure(home: Path, huge: bool) -> dict[str, tuple[float, float, int]]:
    results = {}
    for name, command in commands(home, huge).items():
        cold = [run(command, home, True) for _ in range(ROUNDS)]
        warm = [run(command, home, False) for _ in range(ROUNDS)]
        results[name] = (statistics.median(t for t, _ in cold), statistics.median(t for t, _ in warm),
                         max(m for _, m in cold + warm))
    return results


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="memctl-bench-scale-"))
    os.environ["MEMCTL_CACHE_DIR"] = str(folder / "cache")
    sizes = [int(s) for s in os.environ.get("BENCH_SCALE_SIZES", "2500,10000").split(",")]
    tables = {}
    for size in sizes:
        make_fleet(folder / f"fleet-{size}", size)
        tables[size] = measure(folder / f"fleet-{size}", False)
    print(f"scale benchmark: medians of {ROUNDS} runs each; cold = no cache; "
          "peak MB: the largest of a command's runs, either size")
    print(f"{'command':<34}" + "".join(f"{f'{s:,} topics cold':>19}{'warm':>8}" for s in sizes)
          + ("   growth cold/warm" if len(sizes) == 2 else "") + f"{'peak MB':>9}")
    for name in tables[sizes[0]]:
        cells = "".join(f"{tables[s][name][0]:>18.2f}s{tables[s][name][1]:>7.2f}s" for s in sizes)
        growth = ""
        if len(sizes) == 2:
            a, b = tables[sizes[0]][name], tables[sizes[1]][name]
            growth = f"   {b[0] / a[0]:>5.1f}x / {b[1] / a[1]:>4.1f}x"
        print(f"{name:<34}{cells}{growth}{max(t[name][2] for t in tables.values()):>9}")
    searched = {size: measure_mcp(folder / f"fleet-{size}") for size in sizes}
    if all(searched.values()):  # first call, then warm: one server answering call after call
        print(f"{'mcp memory_search (one server)':<34}"
              + "".join(f"{found[0]:>18.2f}s{found[1]:>7.2f}s" for found in searched.values() if found))
    if os.environ.get("BENCH_SCALE_HUGE", "1") == "1":
        make_huge(folder / "huge")
        big = folder / "huge" / "topics" / "big.md"
        with open(big) as handle:
            lines = sum(1 for _ in handle)
        print(f"\none topic of {big.stat().st_size / 1e6:.0f} MB ({lines:,} lines)")
        for name, (cold, warm, peak) in measure(folder / "huge", True).items():
            print(f"{name:<34}{cold:>18.2f}s{warm:>7.2f}s{peak:>9} MB")
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
