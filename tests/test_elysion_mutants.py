"""Elysion rules pinned down by the mutation run (tests/mutation.py, docs/mutation.md): each
test kills a mutant of a rule check that no other rules test noticed."""

from __future__ import annotations

import pytest
from test_elysion_lookback import play
from test_elysion_refusals import _day_two_to_take, _write
from test_elysion_shortcuts import _after_day_one

from referee.games.elysion.setup import setup
from referee.model.chance import Chance
from referee.model.errors import InputError
from referee.testing import Table


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


def test_a_row_typed_when_the_deck_is_out_is_refused_not_dropped():
    # The row holds one realm more than there are players, fewer if the deck runs out: with
    # 9 realms, 2 hands of 3 and a row of 3, day 2's row is empty; a realm typed for it is a
    # rule broken (never silently dropped)
    nine = ('[catalog]\nname = "Nine"\nfactions = ["sky"]\n'
            + "".join(f'[[realm]]\nnumber = {n}\nfaction = "sky"\n' for n in range(1, 10)))
    t = Table("elysion", None)
    assert t.run(["new", "--player", "Ann", "--player", "Bob", "--catalog", str(_write(t, nine)),
                  "--row", "7,8,9"]).code == 0
    for line in ("reveal Ann=1 Bob=2", "take Ann 7", "take Bob 8"):
        t.ok(line)
    t.refused("next --row 3", rule="The row holds one realm more than there are players",
              message="0 realms are drawn here, 1 given")
    assert "Row for day 2: empty (the deck is out)" in t.ok("next").text


def test_after_the_look_back_the_journey_is_over_and_a_refusal_says_so():
    g = play(stop_before_lookback=True)[3]
    g("lookback")
    message = g.refusal("next", rule="End of the game")
    assert message == "the game is over; start a new session or undo"
