"""`referee.model.frozen.Frozen` behaves as `@dataclass(frozen=True)` (issue 26: the
declarations are built without `dataclasses`, which runs generated code for every class)."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from referee.model.frozen import Frozen, FrozenError
from referee.model.verbs import Answer, Field, Prose, Verb


class Point(Frozen):
    x: int
    y: int = 0
    tags: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class DataPoint:
    x: int
    y: int = 0
    tags: tuple[str, ...] = ()


def test_fields_defaults_and_arguments_as_a_dataclass():
    """Frozen records: positional or named arguments, defaults, the same errors as a dataclass."""
    assert Point._fields == ("x", "y", "tags")
    p = Point(1, tags=("a",))
    assert (p.x, p.y, p.tags) == (1, 0, ("a",))
    for call in (lambda cls: cls(), lambda cls: cls(1, 2, (), 4), lambda cls: cls(1, z=2),
                 lambda cls: cls(1, x=2)):
        with pytest.raises(TypeError):
            call(DataPoint)
        with pytest.raises(TypeError):
            call(Point)


def test_equality_hash_and_repr_as_a_dataclass():
    """Frozen records: == by class and values, hashable, repr naming each field."""
    assert Point(1, 2) == Point(1, 2) and Point(1, 2) != Point(2, 1)
    assert Point(1, 2) != (1, 2, ())  # not a tuple
    assert hash(Point(1, 2)) == hash(Point(1, 2))
    assert len({Point(1), Point(1), Point(2)}) == 2
    assert repr(Point(1, 2)).replace("Point", "DataPoint") == repr(DataPoint(1, 2)).split(".")[-1]


def test_attributes_are_read_only():
    """Frozen records: setting or deleting a field fails (an AttributeError, as a dataclass's)."""
    p = Point(1)
    with pytest.raises(FrozenError):
        p.x = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del p.y  # type: ignore[misc]
    assert p.x == 1


def test_copies_and_pickles():
    """Frozen records survive copy, deepcopy and pickle (a declaration may be copied)."""
    p = Point(1, 2, ("a",))
    assert copy.copy(p) == p and copy.deepcopy(p) == p
    assert pickle.loads(pickle.dumps(p)) == p


def test_a_default_before_a_required_field_is_refused():
    """Frozen records: as a dataclass, no field without a default after one with a default."""
    with pytest.raises(TypeError):
        class Bad(Frozen):
            a: int = 0
            b: int


def test_the_declarations_are_frozen_records():
    """The declarations (Field, Verb, Answer...) are Frozen records, not dataclasses."""
    field = Field("to", "the square", option="--to")
    verb = Verb("move", lambda s, a, c: [], fields=(field,))
    assert not dataclasses.is_dataclass(verb) and isinstance(verb, Frozen)
    assert verb.field("to") is field and verb.usable_when_free and not field.positional
    assert Answer({"a": 1}, (Prose("x"),)).parts == (Prose("x"),)
