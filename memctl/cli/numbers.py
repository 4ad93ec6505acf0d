"""The one check of a numeric option's value, for every command-line path.

Typer's own range check prints a usage block of three or four lines; memctl's options say in one
line what they take (`--keep-days must be 0 or more (got -1)`). No Typer here: the hook runner
and the `assemble` fast path use it too.
"""

from __future__ import annotations

import math

from memctl.errors import MemctlError


def allowed(low: float, high: float | None = None, above: bool = False) -> str:
    """The allowed values in words: `0 or more`, `more than 0`, `from 1 to 6`."""
    if above:
        return f"more than {low:g}"
    if high is not None:
        return f"from {low:g} to {high:g}"
    return f"{low:g} or more"


def check_number(option: str, value: object, kind: type = int, low: float = 0, high: float | None = None,
                 above: bool = False) -> int | float:
    """`value` (the option's text, or its default) as `kind`, if it lies in the range; else a
    one-line MemctlError naming the option, the range and what was given."""
    if isinstance(value, str):
        text = value.strip()
        try:
            number: int | float = kind(text)
        except ValueError:
            what = "a whole number" if kind is int else "a number"
            raise MemctlError(f"{option} must be {what}, {allowed(low, high, above)} (got {value!r})") from None
    else:
        number, text = kind(value), str(value)  # a default: already a number
    if isinstance(number, float) and not math.isfinite(number):
        raise MemctlError(f"{option} must be a number, {allowed(low, high, above)} (got {text})")
    if (number <= low if above else number < low) or (high is not None and number > high):
        raise MemctlError(f"{option} must be {allowed(low, high, above)} (got {text})")
    return number
