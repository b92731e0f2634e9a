"""Any typed input gives a result or a clear refusal, never a Python error."""

from __future__ import annotations

import itertools

import pytest
from test_kreus_support import build_planet, do, put, ready_all, started

from referee.chance import Chance
from referee.errors import RefereeError
from referee.games.kreus import ENGINE

FIELDS = ["player", "card", "n", "to", "with", "give", "on", "as", "target", "titan", "face",
          "direction", "swap", "position", "gain", "discard", "no_token", "aggression_held"]
VALUES = [None, 5, -1, "", "zzz", "fire", "Ann", "atmosphere:water", [], ["Ann"], {}, True]
VERBS = ["tokens", "titan", "show-card", "exchange", "retrieve", "discard", "ready", "reveal",
         "power", "next", "end", "new", "bogus"]


def _states():
    setup = started(4, tokens=[1, 1, 1], incarnation=True)
    div = put(do(do(setup, "titan", player="Ann", titan="cronus"), "titan", player="Bob",
                 titan="themis"), "atmosphere", "air")
    div = do(do(div, "titan", player="Cy", titan="coeus"), "titan", player="Dee", titan="tethys")
    creation = do(ready_all(div), "next")
    return [setup, div, creation, build_planet()]


@pytest.mark.parametrize("verb", VERBS)
def test_malformed_actions_are_refused_cleanly(verb):
    for state in _states():
        for field, value in itertools.product(FIELDS, VALUES):
            action = {"verb": verb, "player": "Ann", field: value}
            try:
                new, _ = ENGINE.apply(ENGINE.copy(state), action, Chance("t", 1))
            except RefereeError:
                continue
            ENGINE.check_invariants(new)


def test_malformed_new_options_are_refused_cleanly():
    for opts in ({"players": "Ann"}, {"players": [1, 2, 3]}, {"players": ["A", "B", "C"],
                 "cards": []}, {"players": ["A", "B", "C"], "first": 3},
                 {"players": ["A", "B", "C"], "cards": {"nature": "x"}},
                 {"players": ["A", "B", "C"], "cards": {"titans": [{"male": {}}]}}):
        with pytest.raises(RefereeError):
            ENGINE.start(opts, Chance("t", 0))
