"""A second generator for `make bench` and `make bench-scale`: homes shaped as users write them.

bench_scale's fleet is tidy (flat `topics/`, `title: Topic 12`, list items only), and a slow path
that only other shapes take never showed in it: the quick front matter reader gave up on every
`title: "Node release #30"`, and consolidate then spent three quarters of its time in a YAML round
trip per topic. These homes hold the shapes that were missing:

- front matter with quoted values holding `#` (`title: "Node release #30"`), a `summary:` with a
  colon and non-ASCII in quotes, a comment line, `skills: [a, b]` and `updated:`;
- topics in nested folders (`topics/<area>/<team>/…`, one to three levels), linked from an index
  whose sections hold a table and non-ASCII text;
- code fences whose lines start with `#` (shell comments, which are no headings), tables, `###`
  sub-headings, quotes, and non-ASCII words (accents, German, Greek, CJK, emoji) in headings and text;
- dated entries from 2024 to 2026, some copied between the topics of an area, and topics of
  every size from 2 to 9 KB, so that consolidate has work to do (its budget is 1,500 tokens).

Deterministic (seeded): the same call gives the same bytes. Standard library only.
"""

from __future__ import annotations

import random
from pathlib import Path

WORDS = ("deploy queue lease agent fleet cost release rollback incident disk cache token budget index "
         "topic section archive host bastion scratch prune health staging database migration").split()
FOREIGN = ("café naïve façade Straße Größe Übergabe résumé déjà θέμα δίκτυο 部署 缓存 回滚 デプロイ "
           "キャッシュ 배포 señal niño ✓ 🚀 — … «quoted» ½").split()
SYLLABLES = "ka lo mi ren tor vas qui zel pha dun bri sol".split()
AREAS = ("platform", "billing", "mobile", "data", "infra", "support", "search", "auth")
TEAMS = ("core", "edge", "ops", "sre", "web", "ios", "etl", "ml")
KINDS = ("Node release", "Incident", "Runbook", "Migration", "Postgres upgrade", "Sprint", "On-call week")
SHELL = ("# drain the node first", "kubectl drain {n} --ignore-daemonsets", "# then roll the release",
         "helm upgrade api ./chart --set image.tag=v{v}", "# check: no 5xx for ten minutes",
         "curl -fsS https://status.internal/health | jq .ok", "## not a heading: a comment in a fence")


def _words(rng: random.Random, own: list[str], k: int) -> str:
    picked = rng.choices(own, k=k // 2) + rng.choices(WORDS, k=k - k // 2 - 1) + [rng.choice(FOREIGN)]
    rng.shuffle(picked)
    return " ".join(picked)


def _day(rng: random.Random) -> str:
    return f"{rng.choice((2024, 2025, 2025, 2026))}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"


def topic_text(rng: random.Random, number: int, shared: list[str]) -> str:
    """One topic: front matter with `#` in quoted values, then sections of dated items, a code
    fence of `#` lines, a table, a quote and a `###` sub-heading; 2 to 9 KB."""
    own = ["".join(rng.choices(SYLLABLES, k=3)) for _ in range(10)]
    kind = KINDS[number % len(KINDS)]
    title = f"{kind} #{number}"
    out = ["---\n",
           f'title: "{title}"\n',
           f'summary: "What we learnt: {rng.choice(FOREIGN)} and {own[0]} (ticket #{1000 + number})"\n',
           "# written by the agent; edited by hand\n",
           f"skills: [skill-{number % 20}, {rng.choice(AREAS)}]\n",
           f"updated: 2026-{1 + number % 11:02d}-{1 + number % 27:02d}\n",
           "---\n",
           f"# {title} — {rng.choice(FOREIGN)}\n\n",
           f"{_words(rng, own, 14)}.\n"]
    size = sum(map(len, out))
    goal = rng.choice((2000, 3000, 4000, 4000, 5000, 6000, 9000))
    section = 0
    while size < goal:
        section += 1
        heading = f"\n## {rng.choice(('Notes', 'Décisions', 'Steps', 'Gotchas', 'Über alles', 'Log'))} {section} " \
                  f"{own[section % len(own)]}\n\n"
        block = [heading]
        shape = section % 4
        if shape == 0:
            block.append("```bash\n")
            block += [line.format(n=f"node-{number}", v=f"{number}.{section}") + "\n"
                      for line in rng.sample(SHELL, 5)]
            block.append("```\n\n")
        elif shape == 1:
            block.append("| when | what | who |\n|---|---|---|\n")
            block += [f"| {_day(rng)} | {_words(rng, own, 5)} | @{rng.choice(own)} |\n" for _ in range(4)]
            block.append("\n")
        elif shape == 2:
            block.append(f"### {rng.choice(FOREIGN)} {own[1]}\n\n> {_words(rng, own, 10)}\n\n")
        for _ in range(rng.randint(4, 9)):
            if rng.random() < 0.12 and shared:
                block.append(rng.choice(shared))  # a copy of an entry another topic of the area holds
            else:
                block.append(f"- {_day(rng)}: {_words(rng, own, 12)}.\n")
        out += block
        size += sum(map(len, block))
    return "".join(out)


def make_shaped_fleet(root: Path, topics: int) -> None:
    """A home of `topics` topics in nested folders, with an index that links one topic in 25."""
    rng = random.Random(topics * 7 + 1)
    shared = {area: [f"- {_day(rng)}: {_words(rng, WORDS, 12)} (shared).\n" for _ in range(6)] for area in AREAS}
    links = []
    for number in range(topics):
        area, team = AREAS[number % len(AREAS)], TEAMS[(number // len(AREAS)) % len(TEAMS)]
        depth = number % 3
        folder = root / "topics" / area / ("" if depth == 0 else team) / ("" if depth < 2 else f"q{number % 4 + 1}")
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{KINDS[number % len(KINDS)].lower().replace(' ', '-')}-{number}.md"
        path.write_text(topic_text(rng, number, shared[area]), encoding="utf-8")
        if number % 25 == 0:
            links.append((number, path.relative_to(root).as_posix()))
    index = ["# Mémoire — index\n\n", "Read this first. Décisions live in the topics; ask before `rm -rf`.\n\n",
             "## Areas\n\n", "| area | owner | note |\n|---|---|---|\n"]
    index += [f"| {area} | @{TEAMS[i]} | {FOREIGN[i]} |\n" for i, area in enumerate(AREAS)]
    index.append("\n## Topics\n\n")
    index += [f"- [{KINDS[n % len(KINDS)]} #{n}]({rel}) — {' '.join(rng.choices(WORDS, k=5))}\n" for n, rel in links]
    index.append("\n## Commands\n\n```bash\n# never on Friday\nmake deploy\n```\n")
    (root / "MEMORY.md").write_text("".join(index), encoding="utf-8")
    (root / ".memctl.yaml").write_text("budgets: {topic_tokens: 1500}\n")


def make_shaped_home(root: Path) -> None:
    """make bench's small home (50 topics, a 300-line index) in these shapes."""
    rng = random.Random(4242)
    shared = [f"- {_day(rng)}: {_words(rng, WORDS, 12)} (shared).\n" for _ in range(6)]
    index = ["# Mémoire — index\n\n", "| area | owner |\n|---|---|\n"]
    index += [f"| {area} | @{TEAMS[i]} |\n" for i, area in enumerate(AREAS)]
    index.append("\n## Topics\n\n")
    for number in range(50):
        area = AREAS[number % len(AREAS)]
        folder = root / "topics" / area / ("" if number % 2 else TEAMS[number % len(TEAMS)])
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"topic-{number}.md"
        path.write_text(topic_text(rng, number, shared).replace(f"skill-{number % 20}", f"skill-{number % 10}"),
                        encoding="utf-8")
        index.append(f"- [{KINDS[number % len(KINDS)]} #{number}]({path.relative_to(root).as_posix()}) — "
                     f"{' '.join(rng.choices(WORDS, k=6))}\n")
    while len(index) < 300:
        if len(index) % 25 == 0:
            index.append(f"\n## Section {len(index)} — {rng.choice(FOREIGN)}\n\n")
        else:
            index.append(f"- {' '.join(rng.choices(WORDS, k=9))} {rng.choice(FOREIGN)}\n")
    (root / "MEMORY.md").write_text("".join(index), encoding="utf-8")


def make_shaped_huge(root: Path, megabytes: int = 30) -> None:
    """One topic of about `megabytes` MB in these shapes (dated sections, fences, tables, non-ASCII)."""
    rng = random.Random(30)
    (root / "topics" / "ops" / "log").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Mémoire\n\n- [The big log](topics/ops/log/big.md)\n", encoding="utf-8")
    own = ["".join(rng.choices(SYLLABLES, k=3)) for _ in range(40)]
    with open(root / "topics" / "ops" / "log" / "big.md", "w", encoding="utf-8") as handle:
        handle.write('---\ntitle: "Ops log #1 — everything"\nupdated: 2026-11-01\n---\n# Ops log\n')
        written, section = 0, 0
        while written < megabytes * 1_000_000:
            section += 1
            parts = [f"\n## {_day(rng)} part {section} {rng.choice(FOREIGN)}\n\n"]
            if section % 5 == 0:
                parts.append("```sh\n# restart\nsystemctl restart api\n```\n\n| a | b |\n|---|---|\n| ü | ß |\n\n")
            parts += [f"- {_words(rng, own, 10)} {section}.{n}\n" for n in range(60)]
            text = "".join(parts)
            handle.write(text)
            written += len(text.encode("utf-8"))
