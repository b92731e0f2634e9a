"""`referee.model.plain.copy`, the state copy every engine uses (issue 26): a deep copy, as
`copy.deepcopy` makes it, of plain data and of anything else."""

from __future__ import annotations

import copy
from collections import OrderedDict

from hypothesis import given
from hypothesis import strategies as st

from referee.model import plain

PLAIN = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=30)


@given(PLAIN)
def test_plain_data_is_copied_deep_and_equal(data):
    got = plain.copy(data)
    assert got == data == copy.deepcopy(data)
    assert type(got) is type(data)
    mine = {id(x) for x in _containers(data)}
    assert not any(id(x) in mine for x in _containers(got)), "a container shared with the original"


def _containers(data):
    """Every dict and list inside `data`, itself included."""
    if not isinstance(data, dict | list):
        return []
    out = [data]
    for item in data.values() if isinstance(data, dict) else data:
        out += _containers(item)
    return out


def test_a_change_to_the_copy_leaves_the_original():
    state = {"players": ["Ann", "Bob"], "hands": {"Ann": {"known": ["x"], "count": 2}}}
    got = plain.copy(state)
    got["hands"]["Ann"]["known"].append("y")
    got["players"][0] = "Cy"
    assert state == {"players": ["Ann", "Bob"], "hands": {"Ann": {"known": ["x"], "count": 2}}}


def test_anything_else_is_copied_by_deepcopy():
    data = OrderedDict(a=[1, 2])  # marshal refuses a dict subclass
    got = plain.copy(data)
    assert type(got) is OrderedDict and got == data and got["a"] is not data["a"]


def test_an_object_referred_to_twice_is_copied_once():
    shared = [1]
    got = plain.copy({"x": shared, "y": shared})
    assert got["x"] is got["y"] and got["x"] is not shared
