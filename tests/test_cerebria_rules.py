"""Cerebria rules, one test per rule: setup, turns, when abilities may be used, the Mindset.
Expected numbers are worked out in the comments. Abilities, counter-acts and Revelations have
their own files."""

from __future__ import annotations

import pytest
from cerebria_table import IMPULSE, Layout, do, results, said, table

from referee.model.errors import InputError
from referee.testing import refused_by

# -- Setup ---------------------------------------------------------------------------------


def test_setup_builds_stacks_of_players_plus_two_the_impulse_and_hands_of_four():
    t = table()
    # 3 players: stacks of 3+2 = 5; 96 - 15 (stacks) - 3 (Impulse) - 12 (hands) = 66 left
    assert t.state["stacks"] == [5, 5, 5]
    assert t.state["impulse"] == IMPULSE
    assert [t.state["hands"][p]["count"] for p in ("Ann", "Bob", "Cy")] == [4, 4, 4]
    assert t.state["deck"] == 66
    assert t.state["supply"] == {"bliss": 40, "gloom": 40}
    five = table(players=("A", "B", "C", "D", "E")).state
    # 5 players: stacks of 7; 96 - 21 - 3 - 20 = 52
    assert five["stacks"] == [7, 7, 7] and five["deck"] == 52


def test_setup_takes_what_the_table_typed_and_records_it():
    t = table(first="Bob", mood="gloom")
    assert {r["label"]: r["source"] for r in results(t)} == {
        "impulse 1": "table", "impulse 2": "table", "impulse 3": "table",
        "mood marker": "table", "first player": "table"}
    assert t.state["mood"] == "gloom" and t.state["players"][t.state["current"]] == "Bob"


def test_setup_draws_impulse_mood_and_first_player_from_the_seed():
    a = table(seed="s1", first=None, mood=None, impulse=None)
    b = table(seed="s1", first=None, mood=None, impulse=None)
    assert a.state == b.state
    assert {r["source"] for r in results(a)} == {"referee"}
    assert len(results(a)) == 5


def test_setup_refuses_wrong_player_counts_and_unusable_names():
    with refused_by("Setup: 2 to 5", match="2-5 players"):
        table(players=("Ann",))
    with refused_by("Setup: 2 to 5", match="2-5 players"):
        table(players=("A", "B", "C", "D", "E", "F"))
    with pytest.raises(InputError, match="same name"):
        table(players=("Ann", "ann"))
    with pytest.raises(InputError, match="cannot be a player name"):
        table(players=("Ann", "Bo:b"))
    with pytest.raises(InputError, match="not a player"):
        table(first="Zed")


def test_typed_card_refused_when_no_unseen_copy_can_remain():
    # mild-bliss-red-destroy is printed once: it cannot lie in two Impulse slots
    with refused_by("Deck: 96 cards, each copy in one place", match="already in sight"):
        table(impulse=["mild-bliss-red-destroy", "mild-bliss-red-destroy", "brightness-red"])
    # brightness-red has 4 copies: 3 in Mindsets + 1 in the Impulse leave none to invoke
    p = Layout(impulse=["brightness-red", "brightness-blue", "bleakness-red"])
    for who in ("Bob", "Cy", "Cy"):
        p.place(who, "brightness-red")
    t = p.table()
    err = t.refuse(do("invoke", player="Ann", card="brightness-red"), rule="Deck: 96 cards, each copy in one place")
    assert "every copy is already in sight" in err.message


def test_typed_card_must_be_in_the_deck_and_well_written():
    with pytest.raises(InputError, match="it has strong-bliss-red-drain"):
        table(impulse=["mild-bliss-red-drain", "brightness-red", "brightness-blue"])
    t = table()
    assert "no vibe" in t.refuse(do("invoke", player="Ann", card="mild-bliss-pink-draw"), kind=InputError).message
    assert "no further card" in t.refuse(do("impulse", player="Ann", slot=1,
                                            reveal=["brightness-red", "brightness-blue"]), kind=InputError).message


def test_mulligan_once_each_before_the_first_turn():
    t = table()
    t.act(do("mulligan", player="Bob"))
    # Bob's 4 cards go to the discard pile, 4 new come from the main deck: 66 - 4 = 62
    assert t.state["hands"]["Bob"]["count"] == 4 and t.state["deck"] == 62 and t.state["discard"]["unknown"] == 4
    assert "already taken" in t.refuse(do("mulligan", player="Bob"), rule="Setup: one mulligan each, before the first turn").message
    t.act(do("mulligan", player="Ann"))
    t.act(do("impulse", player="Ann", slot=1))
    assert "before the first turn" in t.refuse(do("mulligan", player="Cy"), rule="Setup: one mulligan each, before the first turn").message


# -- Turns ---------------------------------------------------------------------------------


def test_a_turn_is_exactly_two_actions_in_any_mix():
    t = table()
    assert "2 actions to take" in t.refuse(do("end-turn"), rule="A turn: exactly 2 actions (Impulse or Invoke)").message
    t.act(do("impulse", player="Ann", slot=1))
    assert "1 action to take" in t.refuse(do("end-turn", player="Ann"), rule="A turn: exactly 2 actions (Impulse or Invoke)").message
    t.act(do("invoke", player="Ann", card="mild-bliss-red-draw"))
    err = t.refuse(do("impulse", player="Ann", slot=2), rule="A turn: exactly 2 actions (Impulse or Invoke)")
    assert "both actions" in err.message and "2 actions" in err.rule
    t.act(do("end-turn"))
    assert t.state["players"][t.state["current"]] == "Bob" and t.state["actions_left"] == 2 and t.state["turn"] == 2
    t.act(do("impulse", player="Bob", slot=2))
    t.act(do("impulse", player="Bob", slot=2))  # one kind of action twice
    t.act(do("end-turn"))
    assert t.state["players"][t.state["current"]] == "Cy"


def test_only_the_current_player_acts_and_turns_go_clockwise():
    t = table(first="Bob")
    err = t.refuse(do("impulse", player="Ann", slot=1), rule="Turn order: players take turns clockwise")
    assert "it is Bob's turn" in err.message and "clockwise" in err.rule
    order = []
    for _ in range(4):
        me = t.state["players"][t.state["current"]]
        order.append(me)
        t.act(do("impulse", player=me, slot=1))
        t.act(do("impulse", player=me, slot=3))
        t.act(do("end-turn"))
    assert order == ["Bob", "Cy", "Ann", "Bob"]


def test_unknown_player_and_verb_are_input_errors():
    t = table()
    assert "no player 'Zed'" in t.refuse(do("impulse", player="Zed", slot=1), kind=InputError).message
    # the core words it with the game's title ("unknown Cerebria verb")
    assert "unknown cerebria verb" in t.refuse(do("fly"), kind=InputError).message.lower()
    assert "Impulse slot is 1-3" in t.refuse(do("impulse", player="Ann", slot=4), kind=InputError).message


# -- Abilities: when they can be used --------------------------------------------------------


def test_abilities_are_not_actions_and_each_type_is_used_once_per_turn():
    p = Layout()
    p.place("Ann", "mild-bliss-red-draw")
    p.place("Ann", "strong-bliss-yellow-draw")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="draw", args=[]))
    t.act(do("pass"))  # Bob and Cy do not counter-act
    # Draw: 4 + 2 = 6 cards; no action used
    assert t.state["hands"]["Ann"]["count"] == 6 and t.state["actions_left"] == 2
    err = t.refuse(do("ability", player="Ann", pos=2, ability="draw", args=[]), rule="Abilities: each type once per turn")
    assert "already used this turn" in err.message and "once per turn" in err.rule


def test_ability_only_from_an_emotion_in_the_mindset_since_the_start_of_the_turn():
    t = table()
    t.act(do("invoke", player="Ann", card="mild-bliss-red-draw"))
    err = t.refuse(do("ability", player="Ann", pos=1, ability="draw", args=[]), rule="Abilities: only emotions in the Mindset since the start of the turn (merged: at once)")
    assert "entered Ann's Mindset this turn" in err.message and "start of the turn" in err.rule
    t.act(do("impulse", player="Ann", slot=1))
    t.act(do("end-turn"))
    for me in ("Bob", "Cy"):
        t.act(do("impulse", player=me, slot=2))
        t.act(do("impulse", player=me, slot=3))
        t.act(do("end-turn"))
    t.act(do("ability", player="Ann", pos=1, ability="draw", args=[]))
    assert t.state["pending"][0]["data"]["order"] == ["Bob", "Cy"]


def test_merged_emotion_ability_is_usable_at_once_and_its_partner_absorbs():
    p = Layout()
    p.give("Ann", "brightness-red")
    t = p.table()
    t.act(do("invoke", player="Ann", card="mild-bliss-red-draw", merge="brightness-red"))
    # the merge takes both cards from the hand: 5 - 2 = 3
    emo = t.state["mindsets"]["Ann"][0]
    assert t.state["hands"]["Ann"]["count"] == 3 and emo["merged"] == "brightness-red" and emo["ready"]
    t.act(do("ability", player="Ann", pos=1, ability="draw", args=[], absorb=1))
    # the spent fragment moved from the Fragment slot to the Absorb slot: supply still 39
    assert (emo := t.state["mindsets"]["Ann"][0])["fragments"] == 0 and emo["absorbed"] == 1
    assert t.state["supply"]["bliss"] == 39


def test_ability_refusals_name_the_rule():
    p = Layout()
    p.place("Ann", "mild-bliss-red-draw")
    p.place("Ann", "brightness-green")
    p.place("Ann", "strong-bliss-red-swap", fragments=0)
    t = p.table()
    assert "gives draw, not steal" in t.refuse(do(
        "ability", player="Ann", pos=1, ability="steal", args=["Bob"]), rule="Abilities: an emotion gives the ability printed on it").message
    assert "has no ability" in t.refuse(do(
        "ability", player="Ann", pos=2, ability="draw", args=[]), rule="Brightness/Bleakness have no ability").message
    assert "no fragment on its Fragment slot" in t.refuse(do(
        "ability", player="Ann", pos=3, ability="swap", args=["3", "Bob:1"]), rule="Abilities: spend a fragment from the emotion's Fragment slot").message
    assert "no emotion at 4" in t.refuse(do(
        "ability", player="Ann", pos=4, ability="draw", args=[]), rule="Mindset: name an emotion that is there").message
    assert "draw takes 0 argument" in t.refuse(do(
        "ability", player="Ann", pos=1, ability="draw", args=["x"]), kind=InputError).message


# -- The Mindset ------------------------------------------------------------------------------


def test_invoke_places_fragments_by_kind_mild_1_strong_2_brightness_0():
    t = table()
    t.act(do("invoke", player="Ann", card="strong-gloom-red-drain"))
    t.act(do("invoke", player="Ann", card="mild-bliss-red-draw"))
    t.act(do("end-turn"))
    t.act(do("invoke", player="Bob", card="brightness-red"))
    assert [e["fragments"] for e in t.state["mindsets"]["Ann"]] == [2, 1]
    assert t.state["mindsets"]["Bob"][0]["fragments"] == 0
    # supply: Bliss 40 - 1 = 39, Gloom 40 - 2 = 38
    assert t.state["supply"] == {"bliss": 39, "gloom": 38}
    assert t.state["hands"]["Ann"]["count"] == 2 and t.state["hands"]["Bob"]["count"] == 3


def test_full_mindset_needs_a_discard_to_make_room():
    p = Layout()
    for card in ("mild-bliss-red-draw", "strong-gloom-red-drain", "brightness-red",
                 "mild-gloom-red-draw"):
        p.place("Ann", card)
    t = p.table()
    err = t.refuse(do("invoke", player="Ann", card="bleakness-blue"), rule="Mindset: at most 4 emotions")
    assert "full" in err.message and "4 emotions" in err.rule
    t.act(do("invoke", player="Ann", card="bleakness-blue", discard=2))
    # the Strong Gloom card leaves with its 2 fragments: Gloom supply 40-2-1+2 = 39
    assert [e["card"] for e in t.state["mindsets"]["Ann"]] == [
        "mild-bliss-red-draw", "brightness-red", "mild-gloom-red-draw", "bleakness-blue"]
    assert t.state["supply"]["gloom"] == 39 and t.state["discard"]["known"] == ["strong-gloom-red-drain"]


def test_a_discard_to_make_room_is_allowed_before_the_mindset_is_full():
    p = Layout()
    p.place("Ann", "mild-bliss-red-draw")
    t = p.table()
    t.act(do("invoke", player="Ann", card="bleakness-blue", discard=1))
    assert [e["card"] for e in t.state["mindsets"]["Ann"]] == ["bleakness-blue"]
    assert t.state["supply"]["bliss"] == 40


def test_merging_pairs_bliss_with_brightness_and_gloom_with_bleakness():
    p = Layout()
    p.give("Ann", "bleakness-red", "brightness-red")
    t = p.table()
    err = t.refuse(do("invoke", player="Ann", card="mild-bliss-red-draw", merge="bleakness-red"), rule="Merging: a Mild/Strong emotion merges with a Brightness/Bleakness of its affiliation")
    assert "merges with a brightness card" in err.message and "Merging" in err.rule
    assert "only a Mild or Strong" in t.refuse(do(
        "invoke", player="Ann", card="brightness-green", merge="brightness-red"), rule="Merging: a Mild/Strong emotion merges with a Brightness/Bleakness of its affiliation").message
    assert "is not a Brightness/Bleakness" in t.refuse(do(
        "invoke", player="Ann", card="mild-bliss-red-draw", merge="mild-bliss-red-steal"), rule="Merging: a Mild/Strong emotion merges with a Brightness/Bleakness of its affiliation").message
    t.act(do("invoke", player="Ann", card="mild-gloom-red-draw", merge="bleakness-red"))
    assert t.state["mindsets"]["Ann"][0]["merged"] == "bleakness-red"


def test_brightness_absorbs_only_bliss_and_bleakness_only_gloom():
    p = Layout()
    p.place("Ann", "mild-bliss-red-draw")
    p.place("Ann", "bleakness-red")
    p.place("Ann", "brightness-green")
    t = p.table()
    err = t.refuse(do("ability", player="Ann", pos=1, ability="draw", args=[], absorb=2), rule="Absorb: Brightness takes Bliss, Bleakness Gloom; a merged one only from its partner")
    assert "cannot absorb a bliss fragment" in err.message and "Absorb" in err.rule
    t.act(do("ability", player="Ann", pos=1, ability="draw", args=[], absorb=3))
    assert t.state["mindsets"]["Ann"][2]["absorbed"] == 1 and t.state["supply"]["bliss"] == 39


def test_merged_brightness_absorbs_only_from_its_partner_and_full_slots_refuse():
    p = Layout()
    p.place("Ann", "strong-bliss-red-swap", merged="brightness-red")
    p.place("Ann", "mild-bliss-red-draw")
    p.place("Ann", "brightness-green", absorbed=2)
    t = p.table()
    assert "absorbs only from its partner" in t.refuse(do(
        "ability", player="Ann", pos=2, ability="draw", args=[], absorb=1), rule="Absorb: Brightness takes Bliss, Bleakness Gloom; a merged one only from its partner").message
    assert "Absorb slots are full" in t.refuse(do(
        "ability", player="Ann", pos=2, ability="draw", args=[], absorb=3), rule="Absorb: Brightness takes Bliss, Bleakness Gloom; a merged one only from its partner").message
    assert "has no Absorb slot" in t.refuse(do(
        "ability", player="Ann", pos=1, ability="swap", args=["1", "Bob:1"], absorb=2), rule="Absorb: Brightness takes Bliss, Bleakness Gloom; a merged one only from its partner").message


def test_absorbed_fragments_cannot_be_spent():
    p = Layout()
    p.place("Ann", "mild-bliss-red-draw", fragments=0, absorbed=1, merged="brightness-red")
    t = p.table()
    err = t.refuse(do("ability", player="Ann", pos=1, ability="draw", args=[]), rule="Abilities: spend a fragment from the emotion's Fragment slot")
    assert "no fragment on its Fragment slot" in err.message


def test_no_fragment_is_placed_once_the_supply_is_out():
    t = Layout().score("Bob", gloom=39).table()  # 1 + 39 = 40: conserved
    assert t.state["supply"]["gloom"] == 1
    events = t.act(do("invoke", player="Ann", card="strong-gloom-red-drain"))
    assert t.state["mindsets"]["Ann"][0]["fragments"] == 1 and t.state["supply"]["gloom"] == 0
    assert "supply is out: 1 not placed" in said(events)
