"""The sections of one home on the report page, each from its part of the report value.

`k` is the place of that part in the report (`homes.0.status`): every figure is marked with its
own place below it (see `marks.num`).
"""

from __future__ import annotations

from typing import Any

from memctl.render import svg
from memctl.render.marks import esc, num, room

SHOWN_TOPICS = 200  # past this many, the largest (and every one over budget), and a line for the rest
FIRST_TOPICS = 25  # shown open, as `status` does; the others behind a <details> (no script needed)
PERIOD_DAYS = {"hour": 1 / 24, "day": 1.0, "week": 7.0, "month": 30.44}
# (status's measure, history's figure of a period's index, label): lines as the host counts them
MEASURES = (("lines", "counted_lines", "index lines"), ("tokens", "tokens", "index tokens"),
            ("bytes", "bytes", "index bytes"))


def _count(value: int, key: str, word: str, words: str | None = None) -> str:
    """A marked figure and its noun, singular for one: `1 section`, `2 errors`."""
    return f"{num(value, key)} {word if value == 1 else (words or word + 's')}"


def _table(head: tuple[str, ...], rows: list[str], right: tuple[int, ...] = ()) -> str:
    cells = "".join(f'<th{" class=r" if i in right else ""}>{esc(h)}</th>' for i, h in enumerate(head))
    body = "\n".join(rows)
    return f'<table>\n<thead><tr>{cells}</tr></thead>\n<tbody>\n{body}\n</tbody>\n</table>\n'


def headroom(home: dict[str, Any], k: str) -> str:
    """A bar for each limit the host sets, from the tightest down."""
    status = home["status"]
    rows = []
    for entry in sorted(home["summary"]["limits"], key=lambda e: (-e["used"] / e["limit"], e["name"])):
        key = f"{k}.{entry['key']}"
        rows.append(f'<tr><td>{esc(entry["name"])}</td><td>{svg.bar(entry["used"], entry["limit"])}</td>'
                    f'<td class="r">{num(entry["used"], key + ".used")} of {num(entry["limit"], key + ".limit")}</td>'
                    f'<td>{room(entry, key)}</td></tr>')
    if not rows:
        return '<h3>Headroom</h3><p>The host sets no limit on this home.</p>'
    counted = status["index"].get("counted_as")
    note = f'<p class="note">Index lines and UTF-16 units {esc(counted)}.</p>' if counted else ""
    return "<h3>Headroom</h3>" + _table(("limit", "", "used", "headroom"), rows, (2,)) + note


def start_up(status: dict[str, Any], k: str) -> str:
    """What the host loads at session start, file by file, and where it cuts."""
    index = status["index"]
    cap = index["load_cap"]
    out = ["<h3>What the host loads at start</h3>"]
    if cap["capped"]:
        out.append(f'<p class="over">Load cap ({esc(cap["description"])}): only '
                   f'{num(cap["loaded_lines"], f"{k}.index.load_cap.loaded_lines")} of the index\'s '
                   f'{num(index["lines"], f"{k}.index.lines")} lines load.</p>')
        rows = []
        for r, run in enumerate(cap["dropped"]):
            rk = f"{k}.index.load_cap.dropped.{r}"
            for s, section in enumerate(run["sections"]):
                name = section["heading"] or f"({section['kind'].replace('_', ' ')})"
                rows.append(f'<tr><td>{num(run["first_line"], rk + ".first_line")}–'
                            f'{num(run["last_line"], rk + ".last_line")}</td><td>{esc(name)}</td>'
                            f'<td class="r">{num(section["dropped_lines"], f"{rk}.sections.{s}.dropped_lines")}</td>'
                            f'<td>{esc("cut" if section["loaded"] == "partial" else "not loaded")}</td></tr>')
        out.append(_table(("lines not loaded", "section", "lines lost", "section loads"), rows, (2,)))
        if cap["notice"]:
            out.append(f'<p class="note">The host adds: {esc(cap["notice"])}</p>')
    else:
        out.append(f'<p>Load cap ({esc(cap["description"])}): the whole index loads.</p>')
    if status.get("stack"):
        out.append(_stack(status["stack"], f"{k}.stack"))
    if status.get("bootstrap"):
        out.append(_bootstrap(status["bootstrap"], f"{k}.bootstrap"))
    out.append(_every_request(status["totals"], f"{k}.totals"))
    return "\n".join(out)


def _stack_loads(row: dict[str, Any]) -> str:
    if row["loads"] == "later":
        return "later"
    if row["loads"] == "start" and row["loaded"]:
        return "cut" if row["loaded"] < row["size"] else "yes"
    return "no"


def _stack(stack: dict[str, Any], k: str) -> str:
    where = f" started in {esc(stack['working_folder'])}" if stack["working_folder"] else ""
    rows, reasons = [], []
    for n, row in enumerate(stack["files"]):
        rk = f"{k}.files.{n}"
        loads = _stack_loads(row)
        name = ("&nbsp;&nbsp;" * row["depth"] + ("@" if row["depth"] else "") + esc(row["path"])
                + f' <span class="soft">({"index, " if row["index"] else ""}{esc(row["role"])})</span>')
        size = f'{num(row["size"], rk + ".size")} {esc(row["unit"])}'
        if loads == "cut":
            size = f'{num(row["loaded"], rk + ".loaded")} of {size}'
        shown = svg.bar(row["loaded"] or 0, row["size"], width=120, fill=svg.OVER if loads == "cut" else svg.LINE) \
            if row["loads"] == "start" and row["size"] else ""
        rows.append(f'<tr><td>{name}</td><td>{shown}</td><td class="r">{size}</td>'
                    f'<td class="{ {"yes": "ok", "cut": "over", "no": "over"}.get(loads, "")}">{loads}</td>'
                    f'<td class="r">{num(row["tokens"], rk + ".tokens")}</td></tr>')
        if row["why"]:
            reasons.append(f"<li>{esc(row['path'])}: {esc(row['why'])}</li>")
    notes = "".join(f"<li>{esc(note)}</li>" for note in stack["notes"])
    lint = "".join(f"<li>{esc(p['path'])}:{p['line']}: {esc(p['message'])}</li>" for p in stack["problems"])
    return (f"<p>{esc(stack['host'])}{where} loads these files at session start, in this order: "
            f"{num(stack['tokens'], k + '.tokens')} tokens on every request.</p>"
            + _table(("file", "", "size", "loads", "tokens"), rows, (2, 4))
            + (f"<ul class=note>{''.join(reasons)}{notes}{lint}</ul>" if reasons or notes or lint else ""))


def _bootstrap(boot: dict[str, Any], k: str) -> str:
    rows = []
    for n, row in enumerate(boot["files"]):
        rk = f"{k}.files.{n}"
        bad = row["cause"] not in ("ok", "not present")
        shown = svg.bar(row["injected"], row["raw"], width=120, fill=svg.OVER if bad else svg.LINE) \
            if row["raw"] else ""
        rows.append(f'<tr><td>{esc(row["name"])}</td><td>{shown}</td><td class="r">{num(row["raw"], rk + ".raw")}</td>'
                    f'<td class="r">{num(row["injected"], rk + ".injected")}</td>'
                    f'<td class="r">{num(row["tokens"], rk + ".tokens")}</td>'
                    f'<td class="{"over" if bad else ""}">{esc(row["cause"])}</td></tr>')
    return (f"<p>The host injects these files in this order into every request: {num(boot['used'], k + '.used')} of "
            f"{num(boot['total'], k + '.total')} characters in all, {num(boot['tokens'], k + '.tokens')} tokens; "
            f"the index may take {num(boot['memory_chars'], k + '.memory_chars')} characters.</p>"
            + _table(("file", "", "raw", "injected", "tokens", "cause"), rows, (2, 3, 4)))


def _every_request(totals: dict[str, Any], k: str) -> str:
    rows, parts = [], []
    for n, row in enumerate(totals["always_loaded"]):
        rows.append(f'<tr><td>{svg.swatch(n)} {esc(row["path"])}</td><td>{esc(row["kind"])}</td>'
                    f'<td class="r">{num(row["tokens"], f"{k}.always_loaded.{n}.tokens")}</td></tr>')
        parts.append(row["tokens"] or 0)
    return (f"<h4>Every request carries {num(totals['always_loaded_tokens'], k + '.always_loaded_tokens')} tokens; "
            f"{num(totals['on_demand_tokens'], k + '.on_demand_tokens')} more tokens are on demand, "
            f"{num(totals['archived_tokens'], k + '.archived_tokens')} tokens archived</h4>"
            + (svg.stacked(parts) if parts else "") + _table(("file", "kind", "tokens"), rows, (2,)))


def sections(status: dict[str, Any], k: str) -> str:
    index = status["index"]
    rows = []
    for n, part in enumerate(index["sections"]):
        sk = f"{k}.index.sections.{n}"
        heading = part["heading"] or f"({part['kind'].replace('_', ' ')})"
        loads = {"full": "yes", "none": "no"}.get(part["loaded"]) or "cut"
        fill = {"yes": svg.LINE, "no": svg.OVER}.get(loads, svg.WARN)
        lost = (f' ({num(part["loaded_lines"], sk + ".loaded_lines")} of {part["lines"]:,} lines)'
                if loads == "cut" else "")
        rows.append(f'<tr><td class="lvl{min(part["level"], 6)}">{esc(heading)}</td>'
                    f'<td class="r">{num(part["start_line"], sk + ".start_line")}–'
                    f'{num(part["end_line"], sk + ".end_line")}</td>'
                    f'<td class="r">{num(part["lines"], sk + ".lines")}</td>'
                    f'<td class="r">{num(part["tokens"], sk + ".tokens")}</td>'
                    f'<td>{svg.bar(round(part["share"] * 10000), 10000, width=140, fill=fill)} '
                    f'{num(part["share"], sk + ".share", pct=True)}</td>'
                    f'<td class="{ {"yes": "ok", "no": "over"}.get(loads, "warn")}">{loads}{lost}</td></tr>')
    count = len(index["sections"])
    return (f"<h3>Index {esc(index['path'])}: {num(index['tokens'], k + '.index.tokens')} tokens in "
            f"{count:,} {'section' if count == 1 else 'sections'}</h3>"
            + _table(("section", "lines", "count", "tokens", "share of the index", "loads"), rows, (1, 2, 3)))


def topics(status: dict[str, Any], k: str) -> str:
    found = status["topics"]
    if not found:
        return "<h3>Topics</h3><p>No topic files.</p>"
    budget = found[0]["budget"]
    order = sorted(range(len(found)), key=lambda n: (-found[n]["tokens"], found[n]["path"]))
    shown = order[:SHOWN_TOPICS] + [n for n in order[SHOWN_TOPICS:] if found[n]["over_budget"]]
    scale = max(budget or 0, max(t["tokens"] for t in found), 1)
    rows: list[str] = []
    for n in shown:
        topic, tk = found[n], f"{k}.topics.{n}"
        flags = [word for on, word in ((topic["over_budget"], "over budget"), (topic["expired"], "expired"),
                                       (not (topic["linked"] or topic.get("dated_note")), "not linked")) if on]
        loads = "always" if topic["always"] else ("skills: " + ", ".join(topic["skills"]) if topic["skills"]
                                                 else "on demand")
        rows.append(f'<tr><td>{esc(topic["path"])}</td><td class="r">{num(topic["tokens"], tk + ".tokens")}</td>'
                    f'<td>{svg.budget_bar(topic["tokens"], budget, scale)}</td><td>{esc(loads)}</td>'
                    f'<td class="over">{esc(", ".join(flags))}</td></tr>')
    over = sum(1 for t in found if t["over_budget"])
    rest = len(found) - len(shown)
    more = (f"<p>… and {rest:,} smaller topics, {sum(found[n]['tokens'] for n in order[SHOWN_TOPICS:]):,} tokens, "
            "none over budget.</p>" if rest else "")
    limit = f"budget {budget:,} tokens each (the black line)" if budget else "no topic budget"
    head = ("topic", "tokens", "", "loads", "")
    table = _table(head, rows[:FIRST_TOPICS], (1,))
    if len(rows) > FIRST_TOPICS:
        table += (f"<details><summary>{len(rows) - FIRST_TOPICS:,} more topics</summary>"
                  + _table(head, rows[FIRST_TOPICS:], (1,)) + "</details>")
    return (f"<h3>Topics by size: {len(found):,} {'topic' if len(found) == 1 else 'topics'}, {over:,} over budget "
            f"({limit})</h3>" + table + more)


def growth(history: dict[str, Any], status: dict[str, Any], k: str) -> str:
    out = ["<h3>Growth, from git</h3>"]
    if not history["git"]:
        return out[0] + "<p>Not in a git repository: no growth to show.</p>"
    periods = history["periods"]
    forecast = history["forecast"]
    if periods:
        names = [p["name"] for p in periods]
        for measure, figure, label in MEASURES:
            limits = _limits(status, measure)
            if measure == "bytes" and not limits:
                continue
            rate = (forecast or {}).get("rates_per_week") or {}
            per_period = rate[measure] / 7 * PERIOD_DAYS[history["period"]] if measure in rate else None
            values = [p["index"][figure] if p["index"] else None for p in periods]
            known = [(n, v) for n, v in enumerate(values) if v is not None]
            span = (f": {num(known[0][1], f'{k}.periods.{known[0][0]}.index.{figure}')} → "
                    f"{num(known[-1][1], f'{k}.periods.{known[-1][0]}.index.{figure}')}" if known else "")
            out.append(f'<figure><figcaption>{esc(label)} by {esc(history["period"])}{span}</figcaption>'
                       f"{svg.growth_chart(values, names, limits, per_period, esc)}</figure>")
        rows = []
        for n, p in enumerate(periods):
            pk = f"{k}.periods.{n}"
            index = p["index"] or {}
            cells = [num(index.get(m), f"{pk}.index.{m}") if p["index"] else "—"
                     for m in ("counted_lines", "bytes", "tokens")]
            rows.append(f'<tr><td>{esc(p["name"])}</td><td class="r">{num(p["commits"], pk + ".commits")}</td>'
                        + "".join(f'<td class="r">{c}</td>' for c in cells)
                        + f'<td class="r">{num(p["topics_tokens"], pk + ".topics_tokens")}</td>'
                        f'<td class="r">{num(p["archive_tokens"], pk + ".archive_tokens")}</td></tr>')
        out.append("<details><summary>Each period</summary>"
                   + _table(("period", "commits", "index lines", "bytes", "tokens", "topics tokens", "archive tokens"),
                            rows, (1, 2, 3, 4, 5, 6)) + "</details>")
    if forecast:
        out.append(f'<p class="forecast">Forecast: {esc(forecast["message"])}.</p>')
    if history["note"]:
        out.append(f'<p class="note">{esc(history["note"])}</p>')
    for lost in history["lost"]:
        out.append(f'<p class="over">Lost: {esc(lost["path"])} was deleted in {esc(lost["commit"][:10])} '
                   f'({esc(lost["date"][:10])}); {lost["lines_lost"]:,} of its lines are kept nowhere; '
                   f'<code>{esc(lost["restore"])}</code> brings it back.</p>')
    return "\n".join(out)


def _limits(status: dict[str, Any], measure: str) -> list[tuple[str, int]]:
    """The limits drawn on a growth chart: the index's own (`index_max_*`, its token budget) and the
    load cap's, once each."""
    index = status["index"]
    found: list[tuple[str, int]] = []
    own = index["headroom"].get(measure)
    if own:
        found.append(("budget" if measure == "tokens" else "limit", own["limit"]))
    for cap in index["load_cap"]["measures"]:
        if cap["measure"] == measure and cap.get("limit") and all(cap["limit"] != v for _, v in found):
            found.append(("load cap", cap["limit"]))
    return found


def dispatches(history: dict[str, Any], k: str) -> str:
    record = history["dispatches"]
    out = ["<h3>Dispatches, from the record</h3>"]
    if record is None:
        return out[0] + ("<p>No dispatch record: <code>memctl assemble --record</code> writes "
                         "<code>.memctl/dispatches.jsonl</code>.</p>")
    k = f"{k}.dispatches"
    rate = record["omission_rate"]
    out.append(f"<p>{_count(record['dispatches'], k + '.dispatches', 'dispatch', 'dispatches')} in the window"
               + (f", {rate:.0%} with omissions" if rate is not None else "")
               + (f", {num(record['malformed_lines'], k + '.malformed_lines')} malformed lines skipped"
                  if record["malformed_lines"] else "") + ".</p>")
    spans = record["periods"]
    if spans:
        out.append(f'<figure><figcaption>dispatches by {esc(history["period"])}, {esc(spans[0]["name"])} to '
                   f'{esc(spans[-1]["name"])}</figcaption>{svg.columns([p["dispatches"] for p in spans])}</figure>')
    most = "".join(f'<li>{esc(m["path"])}: '
                   f'{_count(m["dispatches"], f"{k}.most_loaded.{n}.dispatches", "dispatch", "dispatches")}</li>'
                   for n, m in enumerate(record["most_loaded"]))
    out.append(f"<h4>Loaded most</h4><ul>{most}</ul>" if most else "<p>No topic loaded.</p>")
    never = record["never_loaded"]
    if never:
        items = "".join(f"<li>{esc(path)}</li>" for path in never)
        out.append(f"<details><summary>{len(never):,} {'topic' if len(never) == 1 else 'topics'} never loaded in "
                   f"this window (candidates for the archive)</summary><ul>{items}</ul></details>")
    return "\n".join(out)


def lint(data: dict[str, Any], k: str) -> str:
    summary = data["summary"]
    head = (f"<h3>Lint: {_count(summary['errors'], k + '.summary.errors', 'error')}, "
            f"{_count(summary['warnings'], k + '.summary.warnings', 'warning')} in "
            f"{_count(summary['files'], k + '.summary.files', 'file')} checked</h3>")
    if not data["diagnostics"]:
        return head + '<p class="ok">All checks passed.</p>'
    rows = [f'<tr><td class="{"over" if d["severity"] == "error" else "warn"}">{esc(d["severity"])}</td>'
            f'<td>{esc(d["code"])} {esc(d["name"])}</td><td>{esc(d["path"])}:{d["line"]}:{d["column"]}</td>'
            f'<td>{esc(d["message"])}</td></tr>' for d in data["diagnostics"]]
    return head + _table(("severity", "rule", "where", "finding"), rows)


def problems(status: dict[str, Any], k: str) -> str:
    items = [f"<li>{esc(p['path'] or '')}{':' + str(p['line']) if p['line'] else ''}: {esc(p['message'])}</li>"
             for p in status["problems"]]
    items += [f"<li>{esc(w)}</li>" for w in status["warnings"]]
    return f"<h3>Problems and warnings</h3><ul class=note>{''.join(items)}</ul>" if items else ""
