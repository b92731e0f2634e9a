"""`Frozen`: a record class as `@dataclass(frozen=True)` makes it, without its cost at import.

    class Prose(Frozen):
        text: str
        width: int = 0

The fields are the class's own annotations, in order, with their class values as defaults; an
instance takes them by position or by name, and has the same `==`, `hash`, `repr` and
read-only attributes as a frozen dataclass (mypy reads it as one: `dataclass_transform`).
Why: every action imports the declarations, and nothing else on an action's path imports
`dataclasses`: with the `inspect`, `ast` and `dis` it loads, it would cost each action about 16 ms
of CPU (docs/architecture.md, "Imports inside functions").
"""

from __future__ import annotations

from typing import Any, ClassVar, dataclass_transform


class FrozenError(AttributeError):
    """An attribute of a frozen record was set or deleted."""


def _own_annotations(cls: type) -> dict[str, Any]:
    """The annotations written in the class itself (not its bases'), as `inspect.get_annotations`
    gives them; read from the class's namespace, so `inspect` (about 10 ms) is loaded only where
    the namespace does not hold them (Python 3.14's lazy annotations)."""
    own = cls.__dict__.get("__annotations__")  # noqa: RUF063  (inspect is what this avoids)
    if isinstance(own, dict):
        return dict(own)
    if cls.__dict__.get("__annotate__") is None:  # none written in the class
        return {}
    import inspect

    return inspect.get_annotations(cls)


@dataclass_transform(frozen_default=True)
class Frozen:
    _fields: ClassVar[tuple[str, ...]] = ()
    _defaults: ClassVar[dict[str, Any]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = _own_annotations(cls)
        names = [n for n, kind in own.items() if not str(kind).startswith(("ClassVar", "typing.ClassVar"))]
        inherited = [n for n in cls._fields if n not in names]
        cls._fields = (*inherited, *names)
        cls._defaults = {n: getattr(cls, n) for n in cls._fields if hasattr(cls, n)}
        seen_default = False
        for name in cls._fields:  # as a dataclass: no field without a default after one with
            if name in cls._defaults:
                seen_default = True
            elif seen_default:
                raise TypeError(f"non-default argument {name!r} follows default argument")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        fields = self._fields
        if len(args) > len(fields):
            raise TypeError(f"{type(self).__name__}() takes {len(fields)} arguments but {len(args)} were given")
        values = dict(zip(fields, args, strict=False))
        for name, value in kwargs.items():
            if name not in fields:
                raise TypeError(f"{type(self).__name__}() got an unexpected keyword argument {name!r}")
            if name in values:
                raise TypeError(f"{type(self).__name__}() got multiple values for argument {name!r}")
            values[name] = value
        if len(values) < len(fields):
            for name in fields:
                if name not in values:
                    if name not in self._defaults:
                        raise TypeError(f"{type(self).__name__}() missing required argument: {name!r}")
                    values[name] = self._defaults[name]
        self.__dict__.update(values)

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenError(f"cannot delete field {name!r}")

    def _values(self) -> tuple[Any, ...]:
        return tuple(self.__dict__[n] for n in self._fields)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={self.__dict__[n]!r}" for n in self._fields)
        return f"{type(self).__qualname__}({shown})"
