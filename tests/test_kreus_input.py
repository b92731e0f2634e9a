"""Any typed input gives a result or a clear refusal, never a Python error."""

from __future__ import annotations

import functools
import itertools

import pytest
from kreus_table import ROUTE, Layout, planet_layout, seated, titans, turn

from referee.games.kreus import ENGINE
from referee.model.errors import RefereeError
from referee.record import session
from referee.testing import Table

FIELDS = ["player", "card", "n", "to", "with", "give", "on", "as", "target", "titan", "face",
          "direction", "swap", "position", "gain", "discard", "no_token", "aggression_held"]
VALUES = [None, 5, -1, "", "zzz", "fire", "Ann", "atmosphere:water", [], ["Ann"], {}, True]
VERBS = ["tokens", "titan", "show-card", "exchange", "retrieve", "discard", "ready", "reveal",
         "power", "next", "end", "new", "bogus"]


def _at(t: Table) -> session.Loaded:
    return t.loaded


@functools.cache
def _positions() -> list[session.Loaded]:
    """Setup (Titans to choose), Divination (Atmosphere in play with Air), Creation, over."""
    setup = _at(seated(4, tokens=[1, 1, 1], incarnation=True))
    t = Layout(4, tokens=[1, 1, 1], incarnation=True).play("atmosphere", "air").table()
    titans(t, {"Ann": "cronus", "Bob": "themis", "Cy": "coeus", "Dee": "tethys"})
    div = _at(t)
    t.act({"verb": "ready"})
    t.act({"verb": "next"})
    over = planet_layout().table()
    turn(over, ROUTE[6])
    return [setup, div, _at(t), _at(over)]


def _step(at: session.Loaded, action: dict) -> None:
    """One action through the session's step (`normalize`, then `session.run` on a copy, as
    `session.act` does), without the store: refused cleanly, or the invariants hold."""
    try:
        normalized = ENGINE.normalize(at.state, action)
        new, _, _ = session.run(ENGINE, ENGINE.copy(at.state), normalized, at.seed,
                                len(at.records))
    except RefereeError:
        return
    ENGINE.check_invariants(new)


@pytest.mark.parametrize("verb", VERBS)
def test_malformed_actions_are_refused_cleanly(verb):
    for at in _positions():
        for field, value in itertools.product(FIELDS, VALUES):
            _step(at, {"verb": verb, "player": "Ann", field: value})


def test_malformed_new_options_are_refused_cleanly():
    for opts in ({"players": "Ann"}, {"players": [1, 2, 3]}, {"players": ["A", "B", "C"],
                 "cards": []}, {"players": ["A", "B", "C"], "first": 3},
                 {"players": ["A", "B", "C"], "cards": {"nature": "x"}},
                 {"players": ["A", "B", "C"], "cards": {"titans": [{"male": {}}]}}):
        with pytest.raises(RefereeError):
            session.run(ENGINE, None, {"verb": "new", **opts}, "t", 0)
