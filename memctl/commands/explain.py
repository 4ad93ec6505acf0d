"""`assemble --explain`: every candidate of a dispatch, why it is in the bundle or not."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from datetime import date

    from memctl.commands.assemble import Bundle
    from memctl.commands.query import Scored


def render_explain(bundle: Bundle, count: Callable[[str], int], query: str | None = None,
                   today: date | None = None) -> str:
    """A plain table (this runs on the dispatch path: no rich): one row a candidate, in load order.
    A query excerpt's row shows each rule's part: its BM25 `score` and the terms that make it up
    (`parts`, each term's share of the score, and with an embedder its similarity in meaning), how
    much of the query it `covers`, and the rule that left it out. A section is named as the bundle
    names it (`preamble` for the text before a file's first heading, loaded or not), and `tokens`
    are of its own text whatever its outcome, as the notice and json's `omitted` count them (its
    block in the bundle, the `<!-- memctl: … -->` line with it, is json's `files[].tokens`);
    `count` counts what no section's count gives (the index as the host sends it). A `query` that
    matched no section says why, in a line of its own (`query.nothing_found`)."""
    from memctl.commands.bundle import section_label

    rows = [("file", "section", "why", "score", "covers", "parts", "terms", "tokens", "outcome")]
    ranked = {(s.doc.rel, s.part.start_line, s.part.end_line): s for s in bundle.ranked}
    for entry in bundle.entries:
        if entry.path.startswith("memctl:"):
            continue
        scored = ranked.get((entry.path, *entry.lines)) if entry.lines and entry.score is not None else None
        tokens = entry.text_tokens if entry.text_tokens is not None else count(entry.content)
        rows.append((entry.path, entry.heading or "", ", ".join(entry.reasons), _score(entry.score), *_rules(scored),
                     " ".join(entry.terms), f"{tokens:,}", "loaded, cut at a section" if entry.truncated
                     else "loaded"))
    for omission in bundle.omitted:
        scored = ranked.get((omission.path, *omission.lines)) if omission.lines and omission.excerpt else None
        rows.append((omission.path, omission.heading or "", "query" if omission.excerpt else "selected",
                     _score(scored.score if scored else None), *_rules(scored),
                     " ".join(scored.terms) if scored else "", f"{omission.tokens:,}", f"left out: {omission.reason}"))
    for scored in bundle.ranked:
        if not scored.chosen:
            part = scored.part
            rows.append((scored.doc.rel, section_label(part.heading, part.level), "query", _score(scored.score),
                         *_rules(scored), " ".join(scored.terms), f"{part.tokens:,}", f"not chosen: {scored.why}"))
    note = ""
    if query is not None and today is not None and not bundle.ranked and not any(o.excerpt for o in bundle.omitted) \
            and not any(e.score is not None for e in bundle.entries):
        from memctl.commands.query import nothing_found

        note = f"query: {nothing_found(query, today)}\n"
    return _table(rows) + note + (f"tokens: each one's own text, as the notice counts them; the bundle's "
                                  f"{bundle.tokens:,} count the lines that wrap each block too\n")


def _table(rows: Sequence[tuple[str, ...]]) -> str:
    """The rows in aligned columns, each cell redacted before it is measured (a credential cut to
    four characters is shorter than the text it stood for) and measured in terminal columns (a
    wide character takes two), cut at 40; the last column as it is."""
    from memctl.model.secrets import redact
    from memctl.text import columns, fit, pad

    cells = [[fit(redact(cell), 40) for cell in row[:-1]] + [redact(row[-1])] for row in rows]
    widths = [max(columns(row[i]) for row in cells) for i in range(len(rows[0]) - 1)]
    lines = ["  ".join(pad(cell, width) for cell, width in zip(row[:-1], widths, strict=True)) + "  " + row[-1]
             for row in cells]
    return "\n".join(line.rstrip() for line in lines) + "\n"


def _rules(scored: Scored | None) -> tuple[str, str]:
    """How much of the query a section covers, and its score term by term (`queue 3.1 stall 2.9`)."""
    from memctl.commands.query import BY_MEANING

    if scored is None:
        return "", ""
    notes = list(scored.notes)
    meaning = [] if scored.similarity is None else [f"meaning {scored.similarity:.2f}"]
    if meaning and any(note.endswith(BY_MEANING) for note in notes):  # what brought it in, with its figure
        notes = [f"{note} {scored.similarity:.2f}" if note.endswith(BY_MEANING) else note for note in notes]
        meaning = []
    # a rule's note first: the column is cut at 40 characters
    return f"{scored.covers:.0%}", " ".join([*notes, *(f"{term} {value:.1f}" for term, value in scored.parts),
                                             *meaning])


def _score(value: float | None) -> str:
    return "" if value is None else f"{value:.2f}"
