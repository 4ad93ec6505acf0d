"""`json.dumps(value, indent=2, ensure_ascii=False)`, byte for byte, at the speed of the C encoder.

The standard library encodes with its C encoder only without `indent`: with it, every value goes
through a chain of Python generators (0.08-0.4 s for the 4 MB of a 10,000-topic `status --format
json`). The C encoder does take any item and key separators, though, and an indented container
whose items hold no container (or only empty ones, `[]` and `{}` in both forms) is exactly a
compact one with `,\\n` and the next level's indent between its items, a line end and that indent
after its opening bracket, and a line end and its own level's indent before the closing one. So
such containers are written by the C encoder whole, and only the containers above them item by
item here. Scalars, keys, NaN and the infinities are the C encoder's, which the standard library
keeps identical to its Python one (it picks either for the same output). tests/test_jsonout.py
checks the equality against json.dumps over generated values.

Where the C encoder is missing (another Python), this is json.dumps itself.
"""

from __future__ import annotations

import json
from json import encoder as _encoder

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

_C_MAKE = getattr(_encoder, "c_make_encoder", None)
_STRING = _encoder.encode_basestring  # ensure_ascii=False's string encoder (the C one when there is one)
_INDENT = "  "
_ENCODERS: dict[int, Callable[[Any, int], Any]] = {}


def _default(value: Any) -> Any:
    raise TypeError(f"Object of type {value.__class__.__name__} is not JSON serializable")


def _at(level: int) -> Callable[[Any, int], Any]:
    """The C encoder whose item separator starts a line at `level`."""
    found = _ENCODERS.get(level)
    if found is None:
        assert _C_MAKE is not None
        found = _ENCODERS[level] = _C_MAKE(None, _default, _STRING, None, ": ", ",\n" + _INDENT * level,
                                           False, False, True)
    return found


def _compact(value: Any, level: int) -> str:
    """A value holding no non-empty container, as the C encoder writes it with `level`'s separators."""
    return "".join(_at(level)(value, 0))


_CONTAINERS = (list, tuple, dict)
_HOLE = "\x00"  # stands for a nested container while its parent is encoded; written as "\u0000"
_HOLE_TEXT = '"\\u0000"'


def _key(key: Any) -> str:
    """A dict key as json writes it (a string, or a float, bool, None or int turned into one)."""
    if isinstance(key, str):
        return key
    if isinstance(key, (float, int)) or key is None:
        return _compact([key], 0)[1:-1]  # the C encoder's own conversion, as for a value
    raise TypeError(f"keys must be str, int, float, bool or None, not {key.__class__.__name__}")


def _write(value: Any, level: int, out: list[str]) -> None:
    """`value`, which sits at indent `level`, appended to `out` in its indented form.

    A container whose items hold non-empty containers is encoded by the C encoder with each of
    those replaced by a hole (the string "\x00"), then cut at the holes, each filled in with its
    container written one level deeper. Should the text hold more holes than were made (a string
    of the data is "\x00" itself), the container is written item by item instead."""
    if not (isinstance(value, _CONTAINERS) and value):
        out.append(_compact(value, level + 1))
        return
    node: Any = value  # a list, tuple or dict, not empty
    inner = "\n" + _INDENT * (level + 1)
    close = "\n" + _INDENT * level
    is_dict = isinstance(node, dict)
    items = node.values() if is_dict else node
    holes = [item for item in items if isinstance(item, _CONTAINERS) and item]
    if not holes:
        text = _compact(node, level + 1)
        out.append(text[0] + inner + text[1:-1] + close + text[-1])
        return
    if not is_dict and all(isinstance(item, dict) and item for item in node):
        _write_rows(node, level, out)
        return
    if is_dict:
        shallow: Any = {k: (_HOLE if isinstance(v, _CONTAINERS) and v else v) for k, v in node.items()}
    else:
        shallow = [(_HOLE if isinstance(v, _CONTAINERS) and v else v) for v in node]
    pieces = _compact(shallow, level + 1).split(_HOLE_TEXT)
    if len(pieces) == len(holes) + 1:
        last = pieces.pop()
        out.append(pieces[0][0] + inner + pieces[0][1:])
        for hole, piece in zip(holes, [*pieces[1:], last[:-1]], strict=True):
            _write(hole, level + 1, out)
            out.append(piece)
        out.append(close + last[-1])
        return
    pairs = [(_STRING(_key(k)) + ": ", v) for k, v in node.items()] if is_dict else [("", v) for v in node]
    for number, (head, item) in enumerate(pairs):
        out.append(("{" if is_dict else "[") + inner if number == 0 else "," + inner)
        out.append(head)
        _write(item, level + 1, out)
    out.append(close + ("}" if is_dict else "]"))


def _write_rows(rows: Any, level: int, out: list[str]) -> None:
    """A list of non-empty dicts (status's topics, lint's diagnostics) at indent `level`, encoded
    at once: the dicts, their nested containers made holes, by the C encoder with their items'
    separator, which then also stands between the dicts, where it alone is followed by `{` (inside
    a dict a separator is followed by a key's quote, and no string holds a line end); there each
    dict's closing and opening lines are put, then the holes are filled."""
    inner = "\n" + _INDENT * (level + 1)
    deeper = "\n" + _INDENT * (level + 2)
    holes: list[Any] = []
    hole = holes.append
    shallow = [{k: (hole(v) or _HOLE) if isinstance(v, _CONTAINERS) and v else v for k, v in row.items()}
               for row in rows]
    text = _compact(shallow, level + 2)
    text = "[" + inner + "{" + deeper + text[2:-2].replace("}," + deeper + "{", inner.join(("", "},", "{"))
                                                            + deeper) + inner + "}\n" + _INDENT * level + "]"
    pieces = text.split(_HOLE_TEXT)
    if len(pieces) != len(holes) + 1:  # a string of the data is "\x00": item by item
        out.append("[")
        for number, row in enumerate(rows):
            out.append(inner if number == 0 else "," + inner)
            _write(row, level + 1, out)
        out.append("\n" + _INDENT * level + "]")
        return
    out.append(pieces[0])
    filled = _lists_of_scalars(holes, level + 2)
    if filled is not None:
        out.extend(piece for pair in zip(filled, pieces[1:], strict=True) for piece in pair)
        return
    for hole, piece in zip(holes, pieces[1:], strict=True):
        _write(hole, level + 2, out)
        out.append(piece)


_SCALAR = frozenset({str, int, float, bool, type(None)})


def _lists_of_scalars(holes: list[Any], level: int) -> list[str] | None:
    """Each of `holes`, non-empty lists of scalars only (status's skills) at indent `level`, in its
    indented form, all encoded at once; None when they are not all such lists. Encoded as one list
    with their items' separator, they stand apart where `]`, a separator and `[` meet, which no
    two scalars make (a scalar ends with a quote, a digit or a letter and starts with neither)."""
    if len(holes) < 2 or not all(type(h) is list and _SCALAR.issuperset(map(type, h)) for h in holes):
        return None
    inner = "\n" + _INDENT * (level + 1)
    text = _compact(holes, level + 1)
    items = text[2:-2].split("]," + inner + "[")
    if len(items) != len(holes):
        return None
    close = "\n" + _INDENT * level + "]"
    return ["[" + inner + item + close for item in items]


def dumps(value: Any) -> str:
    """`json.dumps(value, indent=2, ensure_ascii=False)`, the same text."""
    if _C_MAKE is None:
        return json.dumps(value, indent=2, ensure_ascii=False)
    if isinstance(value, str):
        return _STRING(value)  # type: ignore[no-any-return]
    out: list[str] = []
    _write(value, 0, out)
    return "".join(out)
