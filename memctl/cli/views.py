"""Human renderers: pure functions from a report to a string. Only the CLI layer uses rich."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from memctl.hosts import host
from memctl.words import plural

WIDTH = 120


def _console(color: bool, width: int) -> tuple[Console, io.StringIO]:
    buffer = io.StringIO()
    console = Console(
        file=buffer, force_terminal=color, no_color=not color, width=width, highlight=False,
        emoji=False, markup=False, color_system="standard" if color else None,
    )
    return console, buffer


def _n(value: int | None) -> str:
    return "—" if value is None else f"{value:,}"


def _room(entry: dict[str, Any] | None) -> Text:
    """Headroom that cannot be misread: `99.7% used, 15 left`, or `OVER by 310`."""
    if entry is None:
        return Text("—")
    if entry["over"]:
        return Text(f"OVER by {-entry['left']:,}", style="bold red")
    share = entry["used"] / entry["limit"]
    used = f"{share:.1%}" if 0.99 <= share < 1 or 0 < share < 0.01 else f"{share:.0%}"
    return Text(f"{used} used, {entry['left']:,} left", style="yellow" if share >= 0.9 else "green")


SHOWN_TOPICS = 25  # topics listed by `status` without --all: the largest
PLAIN_PAST = 200  # more rows than this (index sections) go in plain columns, not a rich table


def render_status_text(report: dict[str, Any], color: bool = False, width: int = WIDTH,
                       all_topics: bool = False) -> str:
    """The report for a person. Past SHOWN_TOPICS topics only the largest are listed (with one line
    for the rest) unless `all_topics`; JSON always lists every one."""
    console, buffer = _console(color, width)
    index = report["index"]
    console.print(
        Text(f"{report['home']}: profile {report['profile']} ({report['profile_reason']}), "
             f"tokenizer {report['tokenizer']} ({host(report['profile']).count_note(report['tokenizer'])})",
             style="bold")
    )
    table = Table(title=f"Index {index['path']}", title_justify="left", expand=False)
    for column in ("measure", "used", "limit", "headroom"):
        table.add_column(column, justify="right" if column != "measure" else "left")
    cap = index["load_cap"]
    counted = index.get("counted_as")  # the host's own count of lines and units, not the file's
    mark = " ¹" if counted else ""
    shown = {"lines": f"lines{mark}", "units": f"UTF-16 units{mark}", "bytes": "bytes", "tokens": "tokens"}
    for measure, label in shown.items():
        room = index["headroom"].get(measure)
        if room is None and measure in ("units", "bytes"):
            continue
        used = index["counted_lines"] if measure == "lines" and counted else index[measure]
        table.add_row(label, _n(used), _n(room["limit"]) if room else "—", _room(room))
    for measure in cap["measures"]:
        shown_room = index["headroom"].get(measure["measure"])
        if not shown_room or shown_room["limit"] != measure["limit"]:
            label = {"chars": "characters (load cap)", "tokens": "tokens (load cap)"}.get(measure["measure"],
                                                                                         measure["measure"])
            table.add_row(label, _n(measure["used"]), _n(measure["limit"]), _room(measure))
    console.print(table)
    if counted:
        differs = index["counted_lines"] != index["lines"]
        console.print(f"¹ {counted}" + (f"; the file itself has {index['lines']:,} lines." if differs else "."))
    if cap["capped"]:
        lines = f"{index['lines']:,} {'line' if index['lines'] == 1 else 'lines'}"
        dropped = "; ".join(_dropped_text(run, index["lines"]) for run in cap["dropped"])
        console.print(Text(f"Load cap ({cap['description']}): only {cap['loaded_lines']:,} of the file's {lines} "
                           f"load; {dropped}.", style="bold red"))
        if cap["notice"]:
            console.print(Text(f"The host adds: {cap['notice']}", style="red"))
    else:
        console.print(f"Load cap ({cap['description']}): the whole index loads.")
    if report.get("bootstrap"):
        _bootstrap_table(console, report["bootstrap"], report["tokenizer"])
    if report.get("stack"):
        _stack_table(console, report["stack"], report["tokenizer"], width)

    columns = ("heading", "lines", "count", "tokens", "share", "loads")
    rows: list[tuple[str, ...]] = []
    for part in index["sections"]:
        heading = part["heading"] or f"({part['kind'].replace('_', ' ')})"
        if part["level"] > 1:
            heading = "  " * (part["level"] - 1) + heading
        loads = ({"full": "yes", "none": "no"}.get(part["loaded"])
                 or f"cut: {part['loaded_lines']} of {part['lines']} lines")
        rows.append((heading, f"{part['start_line']}–{part['end_line']}", _n(part["lines"]), _n(part["tokens"]),
                     f"{part['share']:.0%}", loads))
    if len(rows) > PLAIN_PAST:  # a fat index of thousands of sections: every one, in plain columns
        _plain_table(console, "Sections", columns, rows, right={1, 2, 3, 4})
    else:
        sections = Table(title="Sections", title_justify="left")
        for column in columns:
            sections.add_column(column, justify="left" if column in ("heading", "loads") else "right")
        for row in rows:
            style = {"yes": "green", "no": "red"}.get(row[5], "bold yellow")
            sections.add_row(*row[:5], Text(row[5], style=style))
        console.print(sections)

    if report["topics"]:
        _topics_table(console, report["topics"], width, all_topics)
    else:
        console.print("No topic files.")
    if report["context"]["files"]:
        _context_table(console, report["context"]["files"])
    for problem in report["context"]["problems"]:
        console.print(Text(f"Context: {problem}", style="yellow"))
    if report["problems"]:
        problems = Table(title="Problems (these files are skipped, or their front matter ignored)",
                         title_justify="left")
        problems.add_column("file", overflow="fold", min_width=12)
        problems.add_column("line", justify="right", no_wrap=True)
        problems.add_column("problem", overflow="fold")
        for problem in report["problems"]:
            problems.add_row(problem["path"], _n(problem["line"]), Text(problem["message"], style="red"))
        console.print(problems)
    totals = report["totals"]
    console.print(
        f"Tokens: {totals['always_loaded_tokens']:,} always loaded{_every_request(totals.get('always_loaded', []))}, "
        f"{totals['on_demand_tokens']:,} on demand, "
        f"{totals['archived_tokens']:,} archived "
        f"({report['archive']['files']} archive file{'s' * (report['archive']['files'] != 1)})."
    )
    return buffer.getvalue()


NAMED_DROPPED = 5  # sections named where the load cap drops lines; the rest are counted


def _dropped_text(run: dict[str, Any], total: int) -> str:
    """`lines 137–163 are not loaded: 'Gigs this season' (13 of its 58 lines), 'Gear' …`; for a run
    that goes to the end, the first section cut and how many follow it."""
    span = f"line {run['first_line']:,} is" if run["lines"] == 1 else \
        f"lines {run['first_line']:,}–{run['last_line']:,} are"

    def name(section: dict[str, Any]) -> str:
        return repr(section["heading"]) if section["heading"] else f"the {section['kind'].replace('_', ' ')}"

    sections = run["sections"]
    if not sections:
        return f"{span} not loaded"
    if run["last_line"] == total:
        first, after = sections[0], len(sections) - 1
        cut = (f" ({first['dropped_lines']:,} of its {first['end_line'] - first['start_line'] + 1:,} lines)"
               if first["loaded"] == "partial" else "")
        rest = f" and the {after:,} {'section' if after == 1 else 'sections'} after it" if after else ""
        return f"{span} not loaded: {name(first)}{cut}{rest}"
    names = [name(s) + (f" ({s['dropped_lines']:,} of its {s['end_line'] - s['start_line'] + 1:,} lines)"
                        if s["loaded"] == "partial" else "") for s in sections[:NAMED_DROPPED]]
    if len(sections) > NAMED_DROPPED:
        names.append(f"{len(sections) - NAMED_DROPPED:,} more")
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f"{span} not loaded: {listed}"


def _every_request(rows: list[dict[str, Any]]) -> str:
    """What the always-loaded tokens are made of: ` (7 bootstrap files 8,471; 2 topics 172)`."""
    kinds = {"stack": ("start-up file", "start-up files"), "bootstrap": ("bootstrap file", "bootstrap files"),
             "index": ("index", "index"),
             "topic": ("topic", "topics"), "context": ("context file", "context files")}
    parts = []
    for kind, (one, many) in kinds.items():
        found = [row for row in rows if row["kind"] == kind]
        if found:
            count = "" if kind == "index" else f"{len(found):,} "
            parts.append(f"{count}{one if len(found) == 1 else many} {sum(r['tokens'] for r in found):,}")
    return f" ({'; '.join(parts)})" if parts else ""


_TOPIC_COLUMNS = ("path", "tokens", "loads", "skills", "updated", "expires")


def _topic_cells(topic: dict[str, Any]) -> tuple[str, ...]:
    return (topic["path"] + ("" if _linked(topic) else " *"),
            _n(topic["tokens"]) + (" OVER" if topic["over_budget"] else ""),
            "always" if topic["always"] else "on demand", ", ".join(topic["skills"]), topic["updated"] or "",
            f"expired {topic['expires']}" if topic["expired"] else topic["expires"] or "")


GROUP_DATED_AFTER = 14  # more dated day files than this, and the text table shows one row a week


def _by_week(topics: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The topics with the dated day files of the rollup folders as one row per folder and week
    (`memory/journal/2026-W47.md … (6 files)`), when there are more than GROUP_DATED_AFTER."""
    if sum(1 for t in topics if t.get("week")) <= GROUP_DATED_AFTER:
        return topics
    out: list[dict[str, Any]] = []
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    for topic in topics:
        if not topic.get("week"):
            out.append(topic)
            continue
        folder = topic["path"].rsplit("/", 1)[0] if "/" in topic["path"] else ""
        key = (folder, topic["week"])
        row = rows.get(key)
        if row is None:
            row = rows[key] = {**topic, "files": 0, "tokens": 0, "bytes": 0, "skills": [], "over_budget": False}
            out.append(row)
        row["files"] += 1
        row["path"] = f"{folder + '/' if folder else ''}{topic['week']} ({plural(row['files'], 'dated file')})"
        row["tokens"] += topic["tokens"]
        row["bytes"] += topic["bytes"]
        row["over_budget"] = row["over_budget"] or topic["over_budget"]
        row["linked"] = row["linked"] and topic["linked"]
        row["dated_note"] = row.get("dated_note", False) and topic.get("dated_note", False)
        row["always"] = row["always"] or topic["always"]
        row["skills"] = [*row["skills"], *(s for s in topic["skills"] if s not in row["skills"])]
        row["updated"] = max(filter(None, (row["updated"], topic["updated"])), default=None)
    return out


def _topics_table(console: Console, topics: list[dict[str, Any]], width: int, all_topics: bool) -> None:
    budget = f"budget {_n(topics[0]['budget'])} tokens each"
    if not all_topics:
        topics = _by_week(topics)
    if len(topics) > SHOWN_TOPICS and all_topics:
        rows = [_topic_cells(topic) for topic in topics]
        used = _used_columns(rows)
        _plain_table(console, f"Topics ({budget})", tuple(_TOPIC_COLUMNS[i] for i in used),
                     [tuple(row[i] for i in used) for row in rows], right={1})
    else:
        shown = topics
        title = f"Topics ({budget})"
        if len(topics) > SHOWN_TOPICS:
            shown = sorted(topics, key=lambda t: (-t["tokens"], t["path"]))[:SHOWN_TOPICS]
            title = f"Topics: the largest {SHOWN_TOPICS} of {len(topics):,} ({budget})"
        rows = [_topic_cells(topic) for topic in shown]
        used = _used_columns(rows)
        table = Table(title=title, title_justify="left", min_width=min(len(title), width))  # title on one line
        # a path is kept whole (the other columns give way) unless it alone is wider than half the table
        longest = max(len(topic["path"]) + 2 for topic in shown)
        for column in (_TOPIC_COLUMNS[i] for i in used):
            table.add_column(column, justify="right" if column == "tokens" else "left",
                             overflow="fold" if column == "path" else "ellipsis",
                             no_wrap=column in ("tokens", "updated"),
                             min_width={"path": min(longest, max(width // 2, 12)), "updated": 10,
                                        "expires": 10}.get(column),
                             max_width={"skills": 18, "expires": 10}.get(column))
        for topic, cells in zip(shown, rows, strict=True):
            styled: list[str | Text] = [*cells]
            styled[1] = Text(cells[1], style="bold red" if topic["over_budget"] else "")
            styled[5] = Text(cells[5], style="red" if topic["expired"] else "")
            table.add_row(*(styled[i] for i in used))
        console.print(table)
        if len(shown) < len(topics):
            rest = _rest(topics, shown)
            console.print(f"… and {len(rest):,} more {'topic' if len(rest) == 1 else 'topics'}, "
                          f"{_size(sum(t['bytes'] for t in rest))}, {_count(sum(t['tokens'] for t in rest))} tokens"
                          f"{_problems(rest)}: --all to list them", soft_wrap=True)
    if not all(map(_linked, topics)):
        console.print("* not linked from the index")


def _linked(topic: dict[str, Any]) -> bool:
    """Linked from the index, or one of the host's dated notes, which need no link."""
    return bool(topic["linked"] or topic.get("dated_note"))


def _used_columns(rows: list[tuple[str, ...]]) -> list[int]:
    """Path, tokens and loads, and each other column that some row fills (a home without skills or
    expiry dates gets no empty columns, and its paths the room)."""
    return [i for i in range(len(_TOPIC_COLUMNS)) if i < 3 or any(row[i] for row in rows)]


def _rest(topics: list[dict[str, Any]], shown: list[dict[str, Any]]) -> list[dict[str, Any]]:
    paths = {t["path"] for t in shown}
    return [t for t in topics if t["path"] not in paths]


def _problems(rest: list[dict[str, Any]]) -> str:
    """What a reader must not miss among the topics left out of the table."""
    counts = ((sum(t["over_budget"] for t in rest), "over budget"), (sum(t["expired"] for t in rest), "expired"),
              (sum(not _linked(t) for t in rest), "not linked"))
    found = [f"{n:,} {what}" for n, what in counts if n]
    return f" ({', '.join(found)})" if found else ""


def _size(n: int) -> str:
    for unit, scale in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{n:,} bytes"


def _count(n: int) -> str:
    return f"{n / 1e6:.1f}M" if n >= 1_000_000 else f"{n:,}"


def _plain_table(console: Console, title: str, columns: tuple[str, ...], rows: list[tuple[str, ...]],
                 right: set[int]) -> None:
    """Rows in columns padded to their widest cell (those in `right` aligned right), widths in
    terminal cells (a CJK character takes two): rich's table measures each cell many times, 13 s
    for 10,000 rows; this is linear and as readable."""
    from rich.cells import cell_len

    widths = [max(cell_len(column), *(cell_len(row[i]) for row in rows)) for i, column in enumerate(columns)]

    def line(cells: tuple[str, ...]) -> str:
        padded = (" " * (width - cell_len(cell)) + cell if i in right else cell + " " * (width - cell_len(cell))
                  for i, (cell, width) in enumerate(zip(cells, widths, strict=True)))
        return "  ".join(padded).rstrip()

    console.file.write("\n".join([title, line(columns), line(tuple("-" * width for width in widths)),
                                   *(line(row) for row in rows)]) + "\n")


def _context_table(console: Console, files: list[dict[str, Any]]) -> None:
    table = Table(title="Context files the host loads besides the memory", title_justify="left")
    for column in ("file", "tokens", "loads"):
        table.add_column(column, justify="right" if column == "tokens" else "left", overflow="fold")

    def add(item: dict[str, Any], depth: int) -> None:
        loads = f"with skill {item['skill']}" if item["skill"] else ("imported" if depth else "always")
        table.add_row("  " * depth + ("@" if depth else "") + item["path"], _n(item["tokens"]), loads)
        for child in item["imports"]:
            add(child, depth + 1)

    for item in files:
        add(item, 0)
    console.print(table)


def _stack_loads(row: dict[str, Any]) -> str:
    """yes, cut, no (why is said below the table) or later."""
    if row["loads"] == "later":
        return "later"
    if row["loads"] == "start" and row["loaded"]:
        return "cut" if row["loaded"] < row["size"] else "yes"
    return "no"


def _stack_table(console: Console, stack: dict[str, Any], tokenizer: str, width: int) -> None:
    """The host's start-up, file by file in its order: what each costs, what is cut and why."""
    where = f" started in {stack['working_folder']}" if stack["working_folder"] else ""
    budget = stack["budget"]
    spent = f"; {budget['what']}: {budget['used']:,} of {budget['limit']:,} used" if budget else ""
    console.print(f"{stack['host']}{where} loads these files at session start, in this order: "
                  f"{stack['tokens']:,} tokens ({tokenizer}) on every request{spent}.")
    rows, reasons = [], []
    for row in stack["files"]:
        loads = _stack_loads(row)
        size = f"{row['size']:,} {row['unit']}"
        if loads == "cut":
            size = f"{row['loaded']:,} of {size}"
        name = ("  " * row["depth"] + ("@" if row["depth"] else "") + row["path"]
                + f" ({'index, ' if row['index'] else ''}{row['role']})")
        rows.append((name, size, loads, _n(row["tokens"]) if row["tokens"] else "—", row["loads"]))
        if row["why"]:
            reasons.append(f"{row['path']}: {row['why']}")
    table = Table(title="Start-up files (later: loaded on a condition, not counted)", title_justify="left")
    longest = max(len(r[0]) for r in rows) if rows else 12
    for column in ("file", "size", "loads", "tokens"):
        table.add_column(column, justify="right" if column in ("size", "tokens") else "left",
                         overflow="fold" if column in ("file", "size") else "ellipsis",
                         no_wrap=column in ("loads", "tokens"),
                         min_width=min(longest, max(width * 2 // 5, 12)) if column == "file" else None,
                         max_width=22 if column == "size" else None)
    for name, size, loads, tokens, when in rows:
        style = {"yes": "green", "later": "", "cut": "bold red"}.get(loads, "red" if when == "start" else "")
        table.add_row(name, size, Text(loads, style=style), tokens)
    console.print(table)
    for reason in reasons:
        console.print(f"- {reason}", soft_wrap=True)
    for note in stack["notes"]:
        console.print(f"Note: {note}.", soft_wrap=True)
    for problem in stack["problems"]:
        console.print(Text(f"Lint: {problem['path']}:{problem['line']}: {problem['message']}", style="yellow"),
                      soft_wrap=True)


def _bootstrap_table(console: Console, boot: dict[str, Any], tokenizer: str) -> None:
    console.print(f"OpenClaw injects these files in this order into every request: {boot['used']:,} of "
                  f"{boot['total']:,} characters in all, {boot['tokens']:,} tokens ({tokenizer}); MEMORY.md may "
                  f"take {boot['memory_chars']:,}.")
    table = Table(title="Bootstrap files", title_justify="left")
    for column in ("file", "raw", "injected", "tokens", "cause"):
        table.add_column(column, justify="right" if column in ("raw", "injected", "tokens") else "left")
    for row in boot["files"]:
        style = "" if row["cause"] in ("ok", "not present") else "bold red"
        table.add_row(row["name"], _n(row["raw"]), _n(row["injected"]), _n(row["tokens"]),
                      Text(row["cause"], style=style))
    console.print(table)


def render_fleet_text(reports: list[dict[str, Any]], color: bool = False, width: int = WIDTH) -> str:
    console, buffer = _console(color, width)
    table = Table(title="Memory homes (index size; tokens of topics on demand)", title_justify="left")
    longest = max((len(r["home"]) + 2 for r in reports), default=12)  # a home's path is kept whole
    for column in ("home", "lines", "tokens", "headroom", "cap", "topics", "demand"):
        table.add_column(column, justify="left" if column in ("home", "headroom", "cap") else "right",
                         no_wrap=column not in ("home", "headroom"), overflow="fold",
                         min_width=min(longest, max(width // 2, 12)) if column == "home" else None)
    for report in reports:
        index = report["index"]
        rooms = [(name, r) for name, r in index["headroom"].items() if r]
        tightest = min(rooms, key=lambda item: item[1]["left"] / item[1]["limit"]) if rooms else None
        room = Text.assemble(f"{tightest[0]}: ", _room(tightest[1])) if tightest else _room(None)
        cap = Text("cut", style="bold red") if index["load_cap"]["capped"] else Text("ok", style="green")
        lines = index["counted_lines"] if index.get("counted_as") else index["lines"]  # as the headroom counts
        table.add_row(report["home"], _n(lines), _n(index["tokens"]), room, cap,
                      _n(len(report["topics"])), _n(report["totals"]["on_demand_tokens"]))
    console.print(table)
    return buffer.getvalue()


SPARKS = "▁▂▃▄▅▆▇█"


def sparkline(values: list[int | None]) -> str:
    known = [v for v in values if v is not None]
    if not known:
        return ""
    low, high = min(known), max(known)
    span = (high - low) or 1
    return "".join(" " if v is None else SPARKS[min(7, int((v - low) / span * 7.999))] for v in values)


def _measures(periods: list[dict[str, Any]]) -> list[tuple[str, list[int | None]]]:
    """Each measure of the growth table, period by period (None before the first commit)."""
    def index(measure: str) -> list[int | None]:
        return [row["index"][measure] if row["index"] else None for row in periods]

    return [("index lines", index("counted_lines")), ("index bytes", index("bytes")), ("index tokens", index("tokens")),
            ("topics tokens", [row["topics_tokens"] for row in periods]),
            ("archive tokens", [row["archive_tokens"] for row in periods])]


SPARK_WIDTH = 80  # a sparkline row never takes more, whatever the terminal's width


def _ends(values: list[int | None]) -> str:
    known = [v for v in values if v is not None]
    return f"{known[0]:,} → {known[-1]:,}" if known else "no data"


def spark_rows(measures: list[tuple[str, list[int | None]]], width: int = WIDTH) -> list[str]:
    """`index tokens   ▁▂▄▆█  119 → 450`: each measure's sparkline, one a row, aligned, with its first
    and last value; under 80 columns (and the terminal's width): with more periods than fit, the
    latest, after `…`."""
    width = min(width, SPARK_WIDTH) - 1
    label = max(len(name) for name, _ in measures) + 1
    total = max(len(values) for _, values in measures)
    count = total
    while True:
        ends = [_ends(values[-count:]) for _, values in measures]
        room = width - label - 2 - max(map(len, ends))
        cut = int(count < total)
        if count + cut <= room or count <= 1:
            break
        count = max(room - 1, 1)
    mark = "…" if count < total else ""
    return [f"{name:<{label}}{mark}{sparkline(values[-count:])}  {end}"
            for (name, values), end in zip(measures, ends, strict=True)]


def render_history_text(report: dict[str, Any], color: bool = False, width: int = WIDTH) -> str:
    """The history for a person: each period by its whole name (a column that never wraps or cuts it),
    from the period of the first commit."""
    console, buffer = _console(color, width)
    period = report["period"]
    growth = report if report["git"] else None

    def period_column(table: Table, rows: list[dict[str, Any]]) -> None:
        table.add_column("period", justify="left", no_wrap=True,
                         min_width=max((len(row["name"]) for row in rows), default=len("period")))

    if growth and growth["periods"]:
        table = Table(title=f"{report['home']}: growth by {period} ({report['tokenizer']})", title_justify="left")
        period_column(table, growth["periods"])
        for column in ("commits", "index lines", "bytes", "tokens", "Δ tokens", "topics", "archive"):
            table.add_column(column, justify="right")
        for row in growth["periods"]:
            index = row["index"] or {}
            change = row["change"] or {}
            delta = change.get("tokens")
            table.add_row(row["name"], _n(row["commits"]), _n(index.get("counted_lines")),
                          _n(index.get("bytes")), _n(index.get("tokens")),
                          "" if delta is None else f"{delta:+,}", _n(row["topics_tokens"]), _n(row["archive_tokens"]))
        console.print(table)
        for row in spark_rows(_measures(growth["periods"]), width):
            console.print(row, soft_wrap=True)
        if growth.get("counted_as") and any(row["index"] and row["index"]["counted_lines"] != row["index"]["lines"]
                                            for row in growth["periods"]):  # the lines its limit is on, as status
            console.print(f"index lines {growth['counted_as']}.")
    if growth:
        console.print(growth["forecast"]["message"])
        if growth["note"]:
            console.print(Text(growth["note"], style="yellow"))
        for lost in growth["lost"]:
            lines = f"{lost['lines_lost']:,} {'line' if lost['lines_lost'] == 1 else 'lines'}"
            console.print(Text(f"lost: {lost['path']} was deleted in {lost['commit'][:10]} ({lost['date'][:10]}); "
                               f"{lines} of it are kept nowhere in the home, its archive or a snapshot (first: "
                               f"{lost['first_lost_line'][:60]!r}); `{lost['restore']}` brings it back", style="red"))
    record = report.get("dispatches")
    if record:
        table = Table(title=f"Dispatches by {period}", title_justify="left")
        period_column(table, record["periods"])
        for column in ("dispatches", "mean tokens", "max tokens", "budget", "with omissions"):
            table.add_column(column, justify="right")
        for row in record["periods"]:
            table.add_row(row["name"], _n(row["dispatches"]), _n(row["mean_tokens"]),
                          _n(row["max_tokens"]), _n(row["budget"]), _n(row["with_omissions"]))
        console.print(table)
        most = ", ".join(f"{m['path']} ({m['dispatches']})" for m in record["most_loaded"]) or "none"
        console.print(f"Loaded most: {most}")
        console.print(f"Never loaded in this window: {', '.join(record['never_loaded']) or 'none'}")
        if record["malformed_lines"]:
            console.print(Text(f"{record['malformed_lines']} malformed record lines skipped", style="yellow"))
    return buffer.getvalue()
