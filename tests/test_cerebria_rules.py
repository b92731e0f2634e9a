"""Cerebria rules, one test per rule: setup, turns, when abilities may be used, the Mindset.
Expected numbers are worked out in the comments. Abilities, counter-acts and Revelations have
their own files."""

from __future__ import annotations

import pytest
from test_cerebria_support import IMPULSE, Table

from referee.errors import IllegalAction, InputError

# -- Setup ---------------------------------------------------------------------------------


def test_setup_builds_stacks_of_players_plus_two_the_impulse_and_hands_of_four():
    t = Table()
    # 3 players: stacks of 3+2 = 5; 96 - 15 (stacks) - 3 (Impulse) - 12 (hands) = 66 left
    assert t["stacks"] == [5, 5, 5]
    assert t["impulse"] == IMPULSE
    assert [t.hand(p)["count"] for p in ("Ann", "Bob", "Cy")] == [4, 4, 4]
    assert t["deck"] == 66
    assert t["supply"] == {"bliss": 40, "gloom": 40}
    five = Table(players=("A", "B", "C", "D", "E"))
    # 5 players: stacks of 7; 96 - 21 - 3 - 20 = 52
    assert five["stacks"] == [7, 7, 7] and five["deck"] == 52


def test_setup_takes_what_the_table_typed_and_records_it():
    t = Table(first="Bob", mood="gloom")
    assert {r["label"]: r["source"] for r in t.results} == {
        "impulse 1": "table", "impulse 2": "table", "impulse 3": "table",
        "mood marker": "table", "first player": "table"}
    assert t["mood"] == "gloom" and t["players"][t["current"]] == "Bob"


def test_setup_draws_impulse_mood_and_first_player_from_the_seed():
    a = Table(seed="s1", first=None, mood=None, impulse=None)
    b = Table(seed="s1", first=None, mood=None, impulse=None)
    assert a.state == b.state
    assert {r["source"] for r in a.results} == {"referee"}
    assert len(a.results) == 5


def test_setup_refuses_wrong_player_counts_and_unusable_names():
    with pytest.raises(IllegalAction, match="2-5 players"):
        Table(players=("Ann",))
    with pytest.raises(IllegalAction, match="2-5 players"):
        Table(players=("A", "B", "C", "D", "E", "F"))
    with pytest.raises(InputError, match="same name"):
        Table(players=("Ann", "ann"))
    with pytest.raises(InputError, match="cannot be a player name"):
        Table(players=("Ann", "Bo:b"))
    with pytest.raises(InputError, match="not a player"):
        Table(first="Zed")


def test_typed_card_refused_when_no_unseen_copy_can_remain():
    # mild-bliss-red-destroy is printed once: it cannot lie in two Impulse slots
    with pytest.raises(IllegalAction, match="already in sight"):
        Table(impulse=["mild-bliss-red-destroy", "mild-bliss-red-destroy", "brightness-red"])
    # brightness-red has 4 copies: 3 in Mindsets + 1 in the Impulse leave none to invoke
    t = Table(impulse=["brightness-red", "brightness-blue", "bleakness-red"])
    for who in ("Bob", "Cy", "Cy"):
        t.place(who, "brightness-red")
    err = t.refused("invoke", player="Ann", card="brightness-red")
    assert "every copy is already in sight" in err.message


def test_typed_card_must_be_in_the_deck_and_well_written():
    with pytest.raises(InputError, match="it has strong-bliss-red-drain"):
        Table(impulse=["mild-bliss-red-drain", "brightness-red", "brightness-blue"])
    t = Table()
    assert "no vibe" in t.bad_input("invoke", player="Ann", card="mild-bliss-pink-draw").message
    assert "no further card" in t.bad_input("impulse", player="Ann", slot=1,
                                            reveal=["brightness-red", "brightness-blue"]).message


def test_mulligan_once_each_before_the_first_turn():
    t = Table()
    t.act("mulligan", player="Bob")
    # Bob's 4 cards go to the discard pile, 4 new come from the main deck: 66 - 4 = 62
    assert t.hand("Bob")["count"] == 4 and t["deck"] == 62 and t["discard"]["unknown"] == 4
    assert "already taken" in t.refused("mulligan", player="Bob").message
    t.act("mulligan", player="Ann")
    t.act("impulse", player="Ann", slot=1)
    assert "before the first turn" in t.refused("mulligan", player="Cy").message


# -- Turns ---------------------------------------------------------------------------------


def test_a_turn_is_exactly_two_actions_in_any_mix():
    t = Table()
    assert "2 action(s) to take" in t.refused("end-turn").message
    t.act("impulse", player="Ann", slot=1)
    assert "1 action(s) to take" in t.refused("end-turn", player="Ann").message
    t.act("invoke", player="Ann", card="mild-bliss-red-draw")
    err = t.refused("impulse", player="Ann", slot=2)
    assert "both actions" in err.message and "2 actions" in err.rule
    t.act("end-turn")
    assert t["players"][t["current"]] == "Bob" and t["actions_left"] == 2 and t["turn"] == 2
    t.act("impulse", player="Bob", slot=2)
    t.act("impulse", player="Bob", slot=2)  # one kind of action twice
    t.act("end-turn")
    assert t["players"][t["current"]] == "Cy"


def test_only_the_current_player_acts_and_turns_go_clockwise():
    t = Table(first="Bob")
    err = t.refused("impulse", player="Ann", slot=1)
    assert "it is Bob's turn" in err.message and "clockwise" in err.rule
    order = []
    for _ in range(4):
        me = t["players"][t["current"]]
        order.append(me)
        t.act("impulse", player=me, slot=1)
        t.act("impulse", player=me, slot=3)
        t.act("end-turn")
    assert order == ["Bob", "Cy", "Ann", "Bob"]


def test_unknown_player_and_verb_are_input_errors():
    t = Table()
    assert "no player 'Zed'" in t.bad_input("impulse", player="Zed", slot=1).message
    assert "unknown cerebria verb" in t.bad_input("fly").message
    assert "Impulse slot is 1-3" in t.bad_input("impulse", player="Ann", slot=4).message


# -- Abilities: when they can be used --------------------------------------------------------


def test_abilities_are_not_actions_and_each_type_is_used_once_per_turn():
    t = Table()
    t.place("Ann", "mild-bliss-red-draw")
    t.place("Ann", "strong-bliss-yellow-draw")
    t.act("ability", player="Ann", pos=1, ability="draw", args=[])
    t.act("pass")  # Bob and Cy do not counter-act
    # Draw: 4 + 2 = 6 cards; no action used
    assert t.hand("Ann")["count"] == 6 and t["actions_left"] == 2
    err = t.refused("ability", player="Ann", pos=2, ability="draw", args=[])
    assert "already used this turn" in err.message and "once per turn" in err.rule


def test_ability_only_from_an_emotion_in_the_mindset_since_the_start_of_the_turn():
    t = Table()
    t.act("invoke", player="Ann", card="mild-bliss-red-draw")
    err = t.refused("ability", player="Ann", pos=1, ability="draw", args=[])
    assert "entered Ann's Mindset this turn" in err.message and "start of the turn" in err.rule
    t.act("impulse", player="Ann", slot=1)
    t.act("end-turn")
    for me in ("Bob", "Cy"):
        t.act("impulse", player=me, slot=2)
        t.act("impulse", player=me, slot=3)
        t.act("end-turn")
    t.act("ability", player="Ann", pos=1, ability="draw", args=[])
    assert t["pending"]["order"] == ["Bob", "Cy"]


def test_merged_emotion_ability_is_usable_at_once_and_its_partner_absorbs():
    t = Table()
    t.give("Ann", "brightness-red")
    t.act("invoke", player="Ann", card="mild-bliss-red-draw", merge="brightness-red")
    # the merge takes both cards from the hand: 5 - 2 = 3
    emo = t.mindset("Ann")[0]
    assert t.hand("Ann")["count"] == 3 and emo["merged"] == "brightness-red" and emo["ready"]
    t.act("ability", player="Ann", pos=1, ability="draw", args=[], absorb=1)
    # the spent fragment moved from the Fragment slot to the Absorb slot: supply still 39
    assert (emo := t.mindset("Ann")[0])["fragments"] == 0 and emo["absorbed"] == 1
    assert t["supply"]["bliss"] == 39


def test_ability_refusals_name_the_rule():
    t = Table()
    t.place("Ann", "mild-bliss-red-draw")
    t.place("Ann", "brightness-green")
    t.place("Ann", "strong-bliss-red-swap", fragments=0)
    assert "gives draw, not steal" in t.refused(
        "ability", player="Ann", pos=1, ability="steal", args=["Bob"]).message
    assert "has no ability" in t.refused(
        "ability", player="Ann", pos=2, ability="draw", args=[]).message
    assert "no fragment on its Fragment slot" in t.refused(
        "ability", player="Ann", pos=3, ability="swap", args=["3", "Bob:1"]).message
    assert "no emotion at 4" in t.refused(
        "ability", player="Ann", pos=4, ability="draw", args=[]).message
    assert "draw takes 0 argument" in t.bad_input(
        "ability", player="Ann", pos=1, ability="draw", args=["x"]).message


# -- The Mindset ------------------------------------------------------------------------------


def test_invoke_places_fragments_by_kind_mild_1_strong_2_brightness_0():
    t = Table()
    t.act("invoke", player="Ann", card="strong-gloom-red-drain")
    t.act("invoke", player="Ann", card="mild-bliss-red-draw")
    t.act("end-turn")
    t.act("invoke", player="Bob", card="brightness-red")
    assert [e["fragments"] for e in t.mindset("Ann")] == [2, 1]
    assert t.mindset("Bob")[0]["fragments"] == 0
    # supply: Bliss 40 - 1 = 39, Gloom 40 - 2 = 38
    assert t["supply"] == {"bliss": 39, "gloom": 38}
    assert t.hand("Ann")["count"] == 2 and t.hand("Bob")["count"] == 3


def test_full_mindset_needs_a_discard_to_make_room():
    t = Table()
    for card in ("mild-bliss-red-draw", "strong-gloom-red-drain", "brightness-red",
                 "mild-gloom-red-draw"):
        t.place("Ann", card)
    err = t.refused("invoke", player="Ann", card="bleakness-blue")
    assert "full" in err.message and "4 emotions" in err.rule
    t.act("invoke", player="Ann", card="bleakness-blue", discard=2)
    # the Strong Gloom card leaves with its 2 fragments: Gloom supply 40-2-1+2 = 39
    assert [e["card"] for e in t.mindset("Ann")] == [
        "mild-bliss-red-draw", "brightness-red", "mild-gloom-red-draw", "bleakness-blue"]
    assert t["supply"]["gloom"] == 39 and t["discard"]["known"] == ["strong-gloom-red-drain"]


def test_a_discard_to_make_room_is_allowed_before_the_mindset_is_full():
    t = Table()
    t.place("Ann", "mild-bliss-red-draw")
    t.act("invoke", player="Ann", card="bleakness-blue", discard=1)
    assert [e["card"] for e in t.mindset("Ann")] == ["bleakness-blue"]
    assert t["supply"]["bliss"] == 40


def test_merging_pairs_bliss_with_brightness_and_gloom_with_bleakness():
    t = Table()
    t.give("Ann", "bleakness-red", "brightness-red")
    err = t.refused("invoke", player="Ann", card="mild-bliss-red-draw", merge="bleakness-red")
    assert "merges with a brightness card" in err.message and "Merging" in err.rule
    assert "only a Mild or Strong" in t.refused(
        "invoke", player="Ann", card="brightness-green", merge="brightness-red").message
    assert "is not a Brightness/Bleakness" in t.refused(
        "invoke", player="Ann", card="mild-bliss-red-draw", merge="mild-bliss-red-steal").message
    t.act("invoke", player="Ann", card="mild-gloom-red-draw", merge="bleakness-red")
    assert t.mindset("Ann")[0]["merged"] == "bleakness-red"


def test_brightness_absorbs_only_bliss_and_bleakness_only_gloom():
    t = Table()
    t.place("Ann", "mild-bliss-red-draw")
    t.place("Ann", "bleakness-red")
    t.place("Ann", "brightness-green")
    err = t.refused("ability", player="Ann", pos=1, ability="draw", args=[], absorb=2)
    assert "cannot absorb a bliss fragment" in err.message and "Absorb" in err.rule
    t.act("ability", player="Ann", pos=1, ability="draw", args=[], absorb=3)
    assert t.mindset("Ann")[2]["absorbed"] == 1 and t["supply"]["bliss"] == 39


def test_merged_brightness_absorbs_only_from_its_partner_and_full_slots_refuse():
    t = Table()
    t.place("Ann", "strong-bliss-red-swap", merged="brightness-red")
    t.place("Ann", "mild-bliss-red-draw")
    t.place("Ann", "brightness-green", absorbed=2)
    assert "absorbs only from its partner" in t.refused(
        "ability", player="Ann", pos=2, ability="draw", args=[], absorb=1).message
    assert "Absorb slots are full" in t.refused(
        "ability", player="Ann", pos=2, ability="draw", args=[], absorb=3).message
    assert "has no Absorb slot" in t.refused(
        "ability", player="Ann", pos=1, ability="swap", args=["1", "Bob:1"], absorb=2).message


def test_absorbed_fragments_cannot_be_spent():
    t = Table()
    t.place("Ann", "mild-bliss-red-draw", fragments=0, absorbed=1, merged="brightness-red")
    err = t.refused("ability", player="Ann", pos=1, ability="draw", args=[])
    assert "no fragment on its Fragment slot" in err.message


def test_no_fragment_is_placed_once_the_supply_is_out():
    t = Table()
    t.state["supply"]["gloom"] = 1
    t.state["scored"]["Bob"]["gloom"] = 39  # 1 + 39 = 40: conserved
    t.act("invoke", player="Ann", card="strong-gloom-red-drain")
    assert t.mindset("Ann")[0]["fragments"] == 1 and t["supply"]["gloom"] == 0
    assert "supply is out: 1 not placed" in t.text()
