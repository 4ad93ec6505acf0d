"""What a host loads of the index: each host's loading algorithm, applied to a document.

The profile names the algorithm (`budgets.load_cap_mode`) and gives its figures; each function
here follows its host's own source:

- `claude-code`: front matter and block HTML comments are stripped, the rest trimmed; the first
  `load_cap_lines` lines load, then at most `load_cap_units` UTF-16 code units, cut at the last
  line end before them; a warning line is appended when it cuts.
- `volute`: sizes are round(UTF-16 length / 4); over `load_cap_tokens` only the head loads, cut at
  the last line end before `load_cap_tokens * 4` units when that lies at least half-way in.
- `openclaw`: a file over its share of the bootstrap budget keeps a head and a tail
  (`head_percent`/`tail_percent` of what the marker leaves) with the middle dropped.
- `head`, `head_tail`: a plain cap in lines, bytes, characters or tokens, for other hosts.

The result counts whole lines only: a line the host cuts in the middle counts as not loaded.
"""

from __future__ import annotations

from memctl.model.config import Budgets
from memctl.model.home import Doc, MemoryHome, Part
from memctl.model.markdown import split_lines
from memctl.model.tokens import TokenCounter, utf16_len
from memctl.record import record


@record
class CapResult:
    description: str
    loaded: tuple[tuple[int, int], ...]  # 1-based inclusive line ranges the host loads
    total_lines: int = 0
    notice: str | None = None  # the line the host adds when it cuts (Claude Code's and Volute's warnings)
    measures: tuple[tuple[str, int, int], ...] = ()  # (what the host measures, used, limit), in its units

    @property
    def capped(self) -> bool:
        return self.loaded_lines_total < self.total_lines

    @property
    def loaded_lines_total(self) -> int:
        return sum(b - a + 1 for a, b in self.loaded)

    def lines_loaded_in(self, part: Part) -> int:
        return sum(max(0, min(b, part.end_line) - max(a, part.start_line) + 1) for a, b in self.loaded)

    def state_of(self, part: Part) -> str:
        """"full", "partial" or "none": how much of a part the host loads."""
        got = self.lines_loaded_in(part)
        return "full" if got == part.lines else ("none" if got == 0 else "partial")

    def cut_part(self, doc: Doc) -> Part | None:
        """The part a head cap cuts through, or the first part it drops whole."""
        return next((p for p in doc.parts if self.state_of(p) != "full"), None)


def kib(units: int) -> str:
    """Claude Code's size label: 25,000 → `24.4KB` (1,024 units to the KB)."""
    return f"{units / 1024:.1f}KB"


def describe(budgets: Budgets) -> str:
    mode = budgets.load_cap_mode
    if mode == "claude-code":
        limits = [f"{budgets.load_cap_lines:,} lines" if budgets.load_cap_lines else "",
                  f"{budgets.load_cap_units:,} UTF-16 code units" if budgets.load_cap_units else ""]
        shown = " then ".join(x for x in limits if x)
        return f"first {shown}, front matter and HTML comments free" if shown else "no load cap"
    if mode == "volute":
        return f"first {budgets.load_cap_tokens:,} tokens (chars/4)" if budgets.load_cap_tokens else "no load cap"
    if mode == "openclaw":
        if not budgets.load_cap_chars:
            return "no load cap"
        return (f"{budgets.load_cap_chars:,} characters a file, {budgets.total_chars or 0:,} in all "
                f"(head {budgets.head_percent}% and tail {budgets.tail_percent}% kept)")
    limits = [f"{v:,} {k}" for k, v in (("lines", budgets.load_cap_lines), ("bytes", budgets.load_cap_bytes),
                                        ("characters", budgets.load_cap_chars), ("tokens", budgets.load_cap_tokens))
              if v]
    if not limits:
        return "no load cap"
    if mode == "head_tail":
        return f"{' or '.join(limits)} (head and tail kept, middle dropped)"
    return f"first {' or '.join(limits)}"


def apply_cap(doc: Doc, budgets: Budgets, counter: TokenCounter, file_chars: int | None = None) -> CapResult:
    """Which lines of `doc` the host loads. `file_chars` is OpenClaw's cap for this file when the
    total budget leaves it less than `load_cap_chars`."""
    lines = split_lines(doc.text)
    mode = budgets.load_cap_mode
    if mode == "claude-code":
        return _claude_code(doc, lines, budgets)
    if mode == "volute":
        return _volute(doc, lines, budgets)
    if mode == "openclaw":
        return _openclaw(doc, lines, budgets, file_chars)
    return _plain(doc, lines, budgets, counter)


def index_cap(home: MemoryHome) -> CapResult:
    """What the host loads of the home's index (for OpenClaw, after the bootstrap files before it)."""
    budgets = home.config.budgets
    file_chars = None
    if budgets.load_cap_mode == "openclaw" and budgets.load_cap_chars:
        from memctl.hosts.openclaw import bootstrap

        file_chars = bootstrap(home.root, home.index, budgets, home.config.workspace).memory_chars
    return apply_cap(home.index, budgets, home.counter, file_chars)


def index_sizes(home: MemoryHome) -> dict[str, int]:
    """The index's size as its host measures it, so that status and lint agree: for Claude Code,
    lines and UTF-16 units after front matter and HTML comments are stripped and the rest trimmed;
    otherwise the file's own lines and length."""
    index = home.index
    measured = {name: used for name, used, _ in home.index_cap.measures}
    claude = home.config.budgets.load_cap_mode == "claude-code"
    return {"lines": measured["lines"] if claude and "lines" in measured else index.lines,
            "units": measured["units"] if claude and "units" in measured else utf16_len(index.text),
            "bytes": index.bytes, "chars": index.chars, "tokens": index.tokens}


def _whole(total: int, last: int | None = None) -> tuple[tuple[int, int], ...]:
    last = total if last is None else last
    return ((1, last),) if last > 0 else ()


def _claude_code(doc: Doc, lines: list[str], budgets: Budgets) -> CapResult:
    description, total = describe(budgets), len(lines)
    free = set(range(doc.front_matter_lines))
    for first, last, kind in doc.blocks:
        if kind == "html" and lines[first - 1].lstrip().startswith("<!--"):
            free.update(range(first - 1, last))
    kept = [(i, line.rstrip("\n")) for i, line in enumerate(lines) if i not in free]
    while kept and not kept[0][1].strip():
        kept.pop(0)
    while kept and not kept[-1][1].strip():
        kept.pop()
    if kept:  # trim(): the white space before the first character and after the last
        kept[0] = (kept[0][0], kept[0][1].lstrip())
        kept[-1] = (kept[-1][0], kept[-1][1].rstrip())
    sizes = [utf16_len(text) for _, text in kept]
    units = sum(sizes) + max(len(kept) - 1, 0)
    max_lines, max_units = budgets.load_cap_lines, budgets.load_cap_units
    measures = tuple((name, used, limit) for name, used, limit in (("lines", len(kept), max_lines),
                                                                     ("units", units, max_units)) if limit)
    over_lines = bool(max_lines and len(kept) > max_lines)
    over_units = bool(max_units and units > max_units)
    if not over_lines and not over_units:
        return CapResult(description, _whole(total), total, None, measures)
    take = kept[:max_lines] if over_lines else kept
    if max_units and sum(sizes[: len(take)]) + len(take) - 1 > max_units:
        end, count = -1, 0  # the newline after line k stands at this many units
        for k, size in enumerate(sizes[: len(take)]):
            end += size + 1
            if end > max_units:
                break
            count = k + 1
        take = take[:count]  # no line end in reach (one giant line): nothing loads whole
    if over_units and not over_lines:
        reason = f"{kib(units)} (limit: {kib(max_units or 0)}) — index entries are too long"
    elif over_lines and not over_units:
        reason = f"{len(kept)} lines (limit: {max_lines})"
    else:
        reason = f"{len(kept)} lines and {kib(units)}"
    name = doc.rel.rsplit("/", 1)[-1]
    notice = (f"> WARNING: {name} is {reason}. Only part of it was loaded. Keep index entries to one line "
              "under ~200 chars; move detail into topic files.")
    return CapResult(description, _whole(total, take[-1][0] + 1 if take else 0), total, notice, measures)


def _line_ends(lines: list[str]) -> list[int]:
    """The UTF-16 offset just past each line's newline (or the end of the last line)."""
    ends, position = [], 0
    for line in lines:
        position += utf16_len(line)
        ends.append(position)
    return ends


def _volute(doc: Doc, lines: list[str], budgets: Budgets) -> CapResult:
    description, total = describe(budgets), len(lines)
    ends = _line_ends(lines)
    units = ends[-1] if ends else 0
    tokens = (units + 2) // 4
    cap = budgets.load_cap_tokens
    measures = ((("tokens", tokens, cap),) if cap else ())
    if not cap or tokens <= cap:
        return CapResult(description, _whole(total), total, None, measures)
    max_units = cap * 4
    # lastIndexOf("\n", max_units): the newline that ends line k stands at ends[k] - 1
    cut, through = -1, 0
    for k, (line, end) in enumerate(zip(lines, ends, strict=True)):
        if end - 1 > max_units:
            break
        if line.endswith("\n"):
            cut, through = end - 1, k + 1
    if cut >= max_units / 2:
        count = through
    else:  # a hard cut: only lines that end inside the head load whole
        count = sum(1 for end in ends if end <= max_units)
    notice = (f"⚠ {doc.rel.rsplit('/', 1)[-1]} is {volute_tokens(tokens)} — only the first {volute_tokens(cap)} "
              "are loaded. The full file is untouched on disk. Consolidate it to restore your full memory.")
    return CapResult(description, _whole(total, count), total, notice, measures)


def volute_tokens(tokens: int) -> str:
    """Volute's label: `~850 tokens`, `~5.1k tokens`, `~25k tokens`."""
    if tokens < 1000:
        return f"~{tokens} tokens"
    return f"~{f'{tokens / 1000:.1f}'.removesuffix('.0')}k tokens"


def openclaw_trim(length: int, name: str, max_chars: int, head_percent: int, tail_percent: int) -> tuple[int, int]:
    """Characters OpenClaw keeps from the head and the tail of a file of `length` over `max_chars`.

    The marker between them names the file and the counts, so its length is found by a few
    rounds; the head and tail then share what is left, by their percentages.
    """
    def marker(head: int, tail: int) -> int:
        return len(f"\n[...truncated, read {name} for full content...]\n"
                   f"…(truncated {name}: kept {head}+{tail} chars of {length})…\n") + 2

    head = tail = 0
    for _ in range(3):
        budget = max(0, max_chars - marker(head, tail))
        head, tail = budget * head_percent // 100, budget * tail_percent // 100
    while head + tail + marker(head, tail) > max_chars and (head or tail):
        over = head + tail + marker(head, tail) - max_chars
        if tail:
            tail = max(0, tail - over)
        else:
            head = max(0, head - over)
    return head, tail


def _openclaw(doc: Doc, lines: list[str], budgets: Budgets, file_chars: int | None) -> CapResult:
    description, total = describe(budgets), len(lines)
    limit = budgets.load_cap_chars if file_chars is None else file_chars
    ends = _line_ends(lines)
    text_units = utf16_len(doc.text.rstrip())  # trimEnd(): trailing white space is not counted
    measures = ((("chars", text_units, limit),) if limit else ())
    if limit is None or text_units <= limit:
        return CapResult(description, _whole(total), total, None, measures)
    if limit < 64:  # starved: OpenClaw skips a file once less than 64 characters are left
        return CapResult(description, (), total, None, measures)
    head, tail = openclaw_trim(text_units, doc.rel.rsplit("/", 1)[-1], limit, budgets.head_percent or 0,
                               budgets.tail_percent or 0)
    head_lines = sum(1 for end in ends if end <= head)
    tail_start = text_units - tail
    starts = [0, *ends[:-1]]
    tail_lines = sum(1 for start in starts if start >= tail_start and start < text_units)
    loaded = list(_whole(total, head_lines))
    if tail_lines:
        loaded.append((total - tail_lines + 1, total))
    return CapResult(description, tuple(loaded), total, None, measures)


def _plain(doc: Doc, lines: list[str], budgets: Budgets, counter: TokenCounter) -> CapResult:
    total = len(lines)
    sizes = {
        "lines": [1] * total,
        "bytes": [len(line.encode("utf-8")) for line in lines],
        "chars": [len(line) for line in lines],
    }
    limits = {
        "lines": budgets.load_cap_lines,
        "bytes": budgets.load_cap_bytes,
        "chars": budgets.load_cap_chars,
        "tokens": budgets.load_cap_tokens,
    }
    if limits["tokens"] and doc.tokens > limits["tokens"]:
        offsets, position = [], 0
        for line in lines[:-1]:
            position += len(line)
            offsets.append(position)
        sizes["tokens"] = counter.count_parts(doc.text, offsets)
    active = {k: v for k, v in limits.items() if v and k in sizes}
    description = describe(budgets)
    if not active or all(sum(sizes[k]) <= v for k, v in active.items()):
        return CapResult(description, _whole(total), total)
    if budgets.load_cap_mode == "head_tail":
        head_share, tail_share = (budgets.head_percent or 0) / 100, (budgets.tail_percent or 0) / 100
        head = _fit(sizes, {k: int(v * head_share) for k, v in active.items()}, range(total))
        tail = _fit(sizes, {k: int(v * tail_share) for k, v in active.items()}, range(total - 1, head - 1, -1))
        loaded = list(_whole(total, head))
        if tail:
            loaded.append((total - tail + 1, total))
        return CapResult(description, tuple(loaded), total)
    return CapResult(description, _whole(total, _fit(sizes, active, range(total))), total)


def _fit(sizes: dict[str, list[int]], limits: dict[str, int], order: range) -> int:
    """How many lines, taken in `order`, fit within every limit."""
    used = dict.fromkeys(limits, 0)
    count = 0
    for i in order:
        if any(used[k] + sizes[k][i] > limits[k] for k in limits):
            break
        for k in limits:
            used[k] += sizes[k][i]
        count += 1
    return count
