"""Elysion rules pinned down by the mutation run (tests/mutation.py, docs/mutation.md): each
test kills a mutant of a rule check that no other rules test noticed."""

from __future__ import annotations

import pytest
from test_elysion_refusals import _day_two_to_take
from test_elysion_shortcuts import _after_day_one

from referee.games.elysion.setup import setup
from referee.model.chance import Chance
from referee.model.errors import InputError


def test_a_realm_taken_must_lie_in_the_row_and_the_refusal_lists_the_row():
    t = _after_day_one()
    t.ok("reveal Ann=32* Bob=33 Cy=7")
    out = t.refused("take Cy 12", rule="A realm is taken from the row")
    assert "is not in the row (" in out.error["message"]


def test_keep_with_blessings_drawn_again_is_refused_naming_the_keep_rule():
    t = _day_two_to_take()
    t.ok("take Ann 44 --drawn Nectar,Aegis")
    t.refused("keep Ann Aegis --drawn Nectar,Aegis", rule="Keep one of the Blessings drawn",
              message="the Blessings are drawn already")


def test_starting_hands_are_1_to_10_realms_in_the_engine_too():
    # the CLI's --hand takes 1-10; the engine refuses any other count it is handed (a log's or
    # a rematch's options are not typed)
    for hand in (0, 11):
        with pytest.raises(InputError, match="--hand is the number of realms"):
            setup({"players": ["Ann", "Bob", "Cy"], "hand": hand}, Chance("1", 0))
    assert len(setup({"players": ["Ann", "Bob"], "hand": 10}, Chance("1", 0))["players"]) == 2
