"""Any other host, and the plain load caps for hosts memctl has no module for.

The generic profile measures the index with Claude Code's figures. `head` and `head_tail` are caps
in lines, bytes, characters or tokens (`load_cap_lines`, `load_cap_bytes`, `load_cap_chars`,
`load_cap_tokens`): the first lines within every limit set, or a head and a tail with the middle
dropped (`head_percent`, `tail_percent`).
"""

from __future__ import annotations

from memctl.hosts.base import Budgets, Cap, CapResult, Host, fit, whole

TYPE_CHECKING = False
if TYPE_CHECKING:
    from memctl.hosts.base import Counter, Doc

NAME = "generic"


def describe(budgets: Budgets) -> str:
    mode = budgets.load_cap_mode
    limits = [f"{v:,} {k}" for k, v in (("lines", budgets.load_cap_lines), ("bytes", budgets.load_cap_bytes),
                                        ("characters", budgets.load_cap_chars), ("tokens", budgets.load_cap_tokens))
              if v]
    if not limits:
        return "no load cap"
    if mode == "head_tail":
        return f"{' or '.join(limits)} (head and tail kept, middle dropped)"
    return f"first {' or '.join(limits)}"



def load(doc: Doc, lines: list[str], budgets: Budgets, counter: Counter, file_chars: int | None) -> CapResult:
    """The first lines within every limit set (`head`), or a head and a tail (`head_tail`)."""
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
        return CapResult(description, whole(total), total)
    if budgets.load_cap_mode == "head_tail":
        head_share, tail_share = (budgets.head_percent or 0) / 100, (budgets.tail_percent or 0) / 100
        head = fit(sizes, {k: int(v * head_share) for k, v in active.items()}, range(total))
        tail = fit(sizes, {k: int(v * tail_share) for k, v in active.items()}, range(total - 1, head - 1, -1))
        loaded = list(whole(total, head))
        if tail:
            loaded.append((total - tail + 1, total))
        return CapResult(description, tuple(loaded), total)
    return CapResult(description, whole(total, fit(sizes, active, range(total))), total)



HEAD = Cap("head", describe, load)
HEAD_TAIL = Cap("head_tail", describe, load)

HOST = Host(NAME, note="Claude Code's load cap, a 5,000-token index, 1,000-token topics, 40,000-token bundles",
            preset={}, lessons="topics/lessons.md", topic_folder="topics", startup_names=("MEMORY.md",))
