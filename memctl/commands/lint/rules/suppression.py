"""The rules about suppression comments themselves; the engine reports them."""

from __future__ import annotations

from collections.abc import Iterator

from memctl.commands.lint.registry import Context, Finding, rule


@rule("MEM901", "unused-suppression", "warning")
def unused_suppression(ctx: Context) -> Iterator[Finding]:
    """A suppression comment that suppressed nothing.

    `<!-- memctl-disable MEM206 -->` where no MEM206 finding would be reported. Stale
    suppressions hide the next real problem: remove them.
    """
    return iter(())


@rule("MEM902", "unknown-rule-in-suppression", "error")
def unknown_rule_in_suppression(ctx: Context) -> Iterator[Finding]:
    """A suppression comment naming a code or rule that does not exist, or naming none.

    Every directive names at least one code (`MEM206`) or rule name (`topic-over-budget`). In the
    config or on the command line, an unknown code is a usage error (exit 2) instead.
    """
    return iter(())
