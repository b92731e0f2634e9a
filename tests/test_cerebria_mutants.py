"""Cerebria rules pinned down by the mutation run (tests/mutation.py, docs/mutation.md): each
test kills a mutant of a rule check that no other rules test noticed."""

from __future__ import annotations

from cerebria_table import Layout

GIVES = "Abilities: an emotion gives the ability printed on it"


def test_an_invoked_merge_named_short_is_logged_in_full():
    # the log keeps each card in full (names.canonical), the merge of an invoke too
    t = Layout().hidden("Ann", 0).give("Ann", "mild-bliss-red-draw", "brightness-red").table()
    t.ok("invoke Ann mild-bliss-red-draw --merge bright")
    assert t.state["mindsets"]["Ann"][0]["merged"] == "brightness-red"
    assert t.loaded.records[-1]["action"]["merge"] == "brightness-red"


def test_an_ability_no_emotion_of_the_mindset_gives_is_refused_naming_the_rule():
    p = Layout()
    p.place("Ann", "mild-bliss-red-draw")
    t = p.table()
    t.refused("ability Ann steal", rule=GIVES, message="no emotion in Ann's Mindset gives steal")


def test_a_mulligan_discards_the_shown_cards_of_the_hand_too():
    # Setup: a mulligan takes the whole hand back and deals a new one, face down
    t = Layout().give("Ann", "brightness-red").table()
    assert t.state["hands"]["Ann"]["known"] == ["brightness-red"]
    t.ok("mulligan Ann")
    assert t.state["hands"]["Ann"]["known"] == [] and t.state["hands"]["Ann"]["count"] == 4
