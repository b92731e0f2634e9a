"""Crôa!: the summary's pending list is the state's one list, and the actions the verbs'
options list are accepted as they stand (the declaration against the command line is
checked for every game in tests/test_declarations.py)."""

from __future__ import annotations

import random

import pytest
from croa_table import Pond
from test_croa_cards import hand, table

from referee.games.croa import ENGINE
from referee.model.verbs import public
from referee.testing import Table

# -- the pending list --------------------------------------------------------------------------

def _same_pending(t: Table) -> list[dict]:
    state = t.state
    assert ENGINE.summary(state)["pending"] == public(state["pending"])
    assert t.summary["pending"] == public(state["pending"])
    return t.summary["pending"]


def test_summary_pending_is_the_states_list_at_every_kind_of_decision():
    bounce = Pond()
    bounce.move("a1", "b2", tile="lilypad")
    assert [p["decision"] for p in _same_pending(bounce)] == ["bounce"]
    mosquito = Pond()
    mosquito.move("a2", "a3", tile="mosquito")
    assert [p["decision"] for p in _same_pending(mosquito)] == ["mosquito"]
    log = Pond()
    log.tile("b2", "log")
    log.place("Bob", "b2")
    log.place("Ann", "b2")
    log.move("b1", "b2")
    assert [p["decision"] for p in _same_pending(log)] == ["log-removal"]


def test_summary_pending_lists_each_answer_of_a_card_window_and_a_thunderclap():
    # three real hands: Bob and Cy may each hold a Doesn't work!, one entry each
    t = Pond(("Ann:red", "Bob:blue", "Cy:green"), cards=True)
    t.do("card", card="mating_season", male="male1")
    assert [(p["player"], p["decision"]) for p in _same_pending(t)] == [
        ("Bob", "doesnt-work"), ("Cy", "doesnt-work")]
    # a bounce with a thunderclap in Bob's dealt hand: Ann bounces, or Bob keeps her there;
    # his thunderclap opens a window (Ann holds a Doesn't work!), the bounce waits under it
    d = table()
    hand(d, "Ann", "doesnt_work", "twins", "the_force")
    hand(d, "Bob", "thunderclap", "mega_jump", "mega_jump")
    d.move("a1", "b2", tile="lilypad")  # each colony with a card is asked, Ann too
    assert [(p["player"], p["decision"]) for p in _same_pending(d)] == [
        ("Ann", "bounce"), ("Ann", "thunderclap"), ("Bob", "thunderclap")]
    d.do("card", card="thunderclap", player="Bob")
    assert [(p["player"], p["decision"]) for p in _same_pending(d)] == [("Ann", "doesnt-work")]
    d.do("card", card="doesnt_work", player="Ann")  # cancelled: the bounce waits again
    assert [(p["player"], p["decision"]) for p in _same_pending(d)] == [("Ann", "bounce")]
    d.do("bounce", to="c3:reeds")
    assert _same_pending(d) == [] and d.current == "Bob"


# -- options: every legal action listed is accepted as it stands --------------------------------

@pytest.mark.parametrize("seed", range(2))
def test_every_listed_action_is_accepted_with_dry_run(seed):
    rng = random.Random(seed)
    options = ENGINE.playout_options(rng)
    if seed % 2:  # physical tiles and real hands too: the typed tile is part of the action
        options.update(digital=False, cards=True)
    t = Table("croa", options=options, seed=f"options-{seed}")
    checked = 0
    for step in range(40):
        legal = ENGINE.legal_actions(t.state)
        if not legal:
            break
        if step % 15 == 0 or t.state["pending"]:
            checked += t.dry_run_listed(6, rng)
        t.act(rng.choice(legal))
    assert checked
