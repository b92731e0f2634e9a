"""Kleos rules pinned down by the mutation run (tests/mutation.py, docs/mutation.md): each test
kills a mutant of a rule check that no other rules test noticed."""

from __future__ import annotations

import pytest
from kleos_table import CHAMPIONS, action_phase, contest, do, glory_of, new_game, place
from test_kleos_combat import oa_game

from referee.model.errors import InputError


def test_isle_to_isle_is_refused_saying_go_through_the_port():
    g = new_game(deploy={"ares": ["Hoplite Warrior"]})
    action_phase(g)
    place(g, "ares:1", "isle1")
    err = g.refuse(do("move", minion="ares:1", to="isle2"), "Movement: an Isle connects only to the Port")
    assert "isle1 and isle2 are both Isles; go through the port" in err.message


def test_check_with_godly_dice_counts_the_godly_face():
    # docs/rulings/kleos.md: the godly face succeeds when a card says the dice are Godly
    g = new_game()
    plain = g.act(do("check", minion="ares:champion", stat="attack", dice="gg--"))
    godly = g.act(do("check", minion="ares:champion", stat="attack", dice="gg--", godly=True))
    assert plain[0]["text"] == "Attack check: 0 success(es)"
    assert godly[0]["text"] == "Attack check: 2 success(es)"


def test_card_kill_with_slaughter_gives_one_more_glory():
    # Glory for a kill: 1 for a Basic/Epic minion, +1 for a slaughter
    g = new_game(deploy={"athena": ["Hoplite Warrior"]})
    g.act(do("next"))
    g.act(do("kill", minion="athena:1", by="ares", reason="a card", slaughter=True))
    assert glory_of(g, "ares") == 2


def test_two_players_of_one_name_are_refused_saying_so():
    with pytest.raises(InputError, match="two players are named 'ann'"):
        contest({"players": [{"name": "Ann", "god": "ares"}, {"name": "ann", "god": "athena"}],
                 "champions": {"ares": CHAMPIONS["ares"], "athena": CHAMPIONS["athena"]}})


def test_opportunity_attack_by_a_minion_elsewhere_is_refused_saying_where():
    g = oa_game()
    place(g, "dionysus:1", "port")
    g.act(do("move", minion="ares:2", to="arena"))
    err = g.refuse(do("oa", minion="dionysus:1"), "Opportunity attacks: only minions where the fleeing minion left")
    assert "is not at market" in err.message


def test_epic_minion_drawn_twice_is_refused_saying_where_it_went():
    g = new_game(isles=False)
    g.act(do("isle", isle="isle1", card="Amazonian Queen Myrina"))
    err = g.refuse(do("isle", isle="isle4", card="Amazonian Queen Myrina"),
                   "Epic Minion Deck: one copy of each Epic minion")
    assert "was already drawn from the Epic deck (onto isle1, day 1)" in err.message
