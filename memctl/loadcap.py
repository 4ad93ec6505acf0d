"""Where a host stops loading the index: the profile's load cap applied to a document."""

from __future__ import annotations

from memctl.config import Budgets
from memctl.home import Doc, Part
from memctl.markdown import split_lines
from memctl.record import record
from memctl.tokens import TokenCounter

HEAD_SHARE, TAIL_SHARE = 0.7, 0.2  # what OpenClaw keeps of a file over its character cap


@record
class CapResult:
    description: str
    loaded: tuple[tuple[int, int], ...]  # 1-based inclusive line ranges the host loads
    total_lines: int = 0

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


def describe(budgets: Budgets) -> str:
    limits = []
    if budgets.load_cap_lines:
        limits.append(f"{budgets.load_cap_lines:,} lines")
    if budgets.load_cap_bytes:
        limits.append(f"{budgets.load_cap_bytes:,} bytes")
    if budgets.load_cap_chars:
        limits.append(f"{budgets.load_cap_chars:,} characters")
    if budgets.load_cap_tokens:
        limits.append(f"{budgets.load_cap_tokens:,} tokens")
    if not limits:
        return "no load cap"
    if budgets.load_cap_mode == "head_tail":
        return f"{' or '.join(limits)} (head and tail kept, middle dropped)"
    return f"first {' or '.join(limits)}"


def apply_cap(doc: Doc, budgets: Budgets, counter: TokenCounter) -> CapResult:
    """Which lines of `doc` a host with these budgets would load (whole lines only)."""
    lines = split_lines(doc.text)
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
    if not active or all(sum(sizes[k]) <= v for k, v in active.items()):
        return CapResult(describe(budgets), ((1, total),) if total else (), total)
    if budgets.load_cap_mode == "head_tail":
        head = _fit(sizes, {k: int(v * HEAD_SHARE) for k, v in active.items()}, range(total))
        tail = _fit(sizes, {k: int(v * TAIL_SHARE) for k, v in active.items()}, range(total - 1, head - 1, -1))
        loaded = [(1, head)] if head else []
        if tail:
            loaded.append((total - tail + 1, total))
        return CapResult(describe(budgets), tuple(loaded), total)
    head = _fit(sizes, active, range(total))
    return CapResult(describe(budgets), ((1, head),) if head else (), total)


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
