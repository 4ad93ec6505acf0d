"""Immutable records for the modules that run before every dispatch.

`typing.NamedTuple` and `dataclasses` cost milliseconds to import (`typing`, `inspect`), which
`memctl assemble` pays on every request; a record here is a plain class with a generated
`__init__`, equality, hashing and a repr, and mypy reads it as a frozen dataclass.
"""

from __future__ import annotations

TYPE_CHECKING = False  # a constant mypy treats as typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeVar, dataclass_transform

    T = TypeVar("T")
else:

    def dataclass_transform(**_: object) -> object:
        return lambda decorated: decorated


_MISSING = object()


@dataclass_transform(frozen_default=True)
def record(cls: type[T]) -> type[T]:
    """Make `cls`, whose annotations name its fields, an immutable record."""
    fields: list[str] = []
    for klass in reversed(cls.__mro__):
        for name in klass.__dict__.get("__annotations__", {}):
            if name not in fields:
                fields.append(name)
    defaults = {name: getattr(cls, name) for name in fields if hasattr(cls, name)}
    params = ", ".join(f"{name}=_d[{name!r}]" if name in defaults else name for name in fields)
    body = "".join(f"    _set(self, {name!r}, {name})\n" for name in fields) or "    pass\n"
    namespace: dict[str, Any] = {"_d": defaults, "_set": object.__setattr__}
    exec(f"def __init__(self, {params}):\n{body}", namespace)  # noqa: S102 - generated from field names only
    for name in fields:
        if name in cls.__dict__:
            delattr(cls, name)  # defaults live in __init__; instances hold the values
    members: dict[str, Callable[..., Any]] = {
        "__init__": namespace["__init__"],
        "__eq__": lambda self, other: type(self) is type(other) and _values(self) == _values(other),
        "__hash__": lambda self: hash(_values(self)),
        "__repr__": lambda self: f"{cls.__name__}({', '.join(f'{n}={getattr(self, n)!r}' for n in fields)})",
        "__setattr__": _frozen,
        "__delattr__": _frozen,
        "_asdict": lambda self: {n: getattr(self, n) for n in fields},
    }
    for name, member in members.items():
        setattr(cls, name, member)
    cls._fields = tuple(fields)  # type: ignore[attr-defined]
    return cls


def fields(cls: type) -> tuple[str, ...]:
    """The field names of a record class, in order."""
    return tuple(cls._fields)  # type: ignore[attr-defined]


def _values(obj: Any) -> tuple[Any, ...]:
    return tuple(getattr(obj, name) for name in obj._fields)


def _frozen(self: Any, *_: object) -> None:
    raise AttributeError(f"{type(self).__name__} is immutable")
