"""Cerebria rules, one test per rule: setup, turns, the Mindset, abilities, counter-acts,
Revelation and the next Cycle. Expected numbers are worked out in the comments."""

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


# -- The eight abilities -----------------------------------------------------------------------


def test_destroy_discards_an_emotion_and_returns_its_fragments():
    t = Table()
    t.place("Ann", "mild-bliss-green-destroy")
    t.place("Bob", "strong-gloom-red-drain", absorbed=1, merged="bleakness-red")
    assert t["supply"] == {"bliss": 39, "gloom": 37}
    t.act("ability", player="Ann", pos=1, ability="destroy", args=["Bob:1"])
    t.act("pass")
    # Ann's spent fragment and Bob's 2 + 1 go back: 40 and 40
    assert t.mindset("Bob") == [] and t["supply"] == {"bliss": 40, "gloom": 40}
    assert t["discard"]["known"] == ["strong-gloom-red-drain", "bleakness-red"]


def test_drain_moves_what_fits_and_the_owner_keeps_the_overflow():
    t = Table()
    t.place("Ann", "mild-bliss-yellow-drain")
    t.place("Ann", "strong-bliss-red-swap", fragments=1)  # 1 empty Fragment slot
    t.place("Bob", "strong-bliss-red-summon", absorbed=2, merged="brightness-red")  # 2 + 2
    t.act("ability", player="Ann", pos=1, ability="drain", args=["Bob:1", 2])
    t.act("pass")
    # one fragment fits; Bob keeps his spendable ones, so an absorbed one moves
    bob = t.mindset("Bob")[0]
    assert (bob["fragments"], bob["absorbed"]) == (2, 1)
    assert t.mindset("Ann")[1]["fragments"] == 2
    assert "3 stay" in t.text()


def test_drain_overflow_choice_can_keep_the_absorbed_ones():
    t = Table()
    t.place("Ann", "mild-bliss-yellow-drain")
    t.place("Ann", "strong-bliss-red-swap", fragments=1)
    t.place("Bob", "strong-bliss-red-summon", absorbed=2, merged="brightness-red")
    t.act("ability", player="Ann", pos=1, ability="drain", args=["Bob:1", 2], keep="absorb")
    t.act("pass")
    bob = t.mindset("Bob")[0]
    assert (bob["fragments"], bob["absorbed"]) == (1, 2)


def test_drain_fills_the_host_fragment_slots_first_then_absorb_slots():
    t = Table()
    t.place("Ann", "mild-bliss-yellow-drain")
    t.place("Ann", "strong-bliss-red-swap", fragments=0, merged="brightness-blue")  # 4 empty
    t.place("Bob", "strong-bliss-red-summon", absorbed=1, merged="brightness-red")  # 3 on it
    t.act("ability", player="Ann", pos=1, ability="drain", args=["Bob:1", 2])
    t.act("pass")
    host = t.mindset("Ann")[1]
    assert (host["fragments"], host["absorbed"]) == (2, 1)
    assert t.mindset("Bob")[0]["fragments"] + t.mindset("Bob")[0]["absorbed"] == 0


def test_drain_moves_fragments_only_onto_their_affiliation():
    t = Table()
    t.place("Ann", "mild-bliss-yellow-drain")
    t.place("Bob", "strong-gloom-red-drain")
    err = t.refused("ability", player="Ann", pos=1, ability="drain", args=["Bob:1", 1])
    assert "gloom fragments" in err.message and "affiliation" in err.rule
    assert "cannot drain itself" in t.refused(
        "ability", player="Ann", pos=1, ability="drain", args=["Ann:1", 1]).message


def test_deprive_discards_two_impulse_cards_and_refills_them():
    t = Table()
    t.place("Ann", "mild-bliss-red-deprive")
    t.act("ability", player="Ann", pos=1, ability="deprive", args=[1, 1],
          reveal=["brightness-red", "bleakness-blue"])
    t.act("pass")
    # slot 1 twice: mild-bliss-red-destroy then brightness-red discarded; stack 1: 5 - 2 = 3
    assert t["impulse"][0] == "bleakness-blue" and t["stacks"] == [3, 5, 5]
    assert t["discard"]["known"] == ["mild-bliss-red-destroy", "brightness-red"]


def test_deprive_triggers_a_revelation_when_the_stack_is_empty():
    t = Table()
    t.state["stacks"][1], t.state["deck"] = 0, t["deck"] + 5
    t.place("Ann", "mild-bliss-red-deprive")
    t.act("ability", player="Ann", pos=1, ability="deprive", args=[2, 1])
    t.act("pass")
    # the first discard empties slot 2 with no card above it: Revelation, slot 1 untouched
    assert t["phase"] == "revelation" and t["impulse"][1] is None
    assert t["impulse"][0] == "mild-bliss-red-destroy" and t["stacks"][0] == 5


def test_summon_places_an_emotion_without_an_action_and_may_merge():
    t = Table()
    t.place("Ann", "mild-bliss-yellow-summon")
    t.give("Ann", "bleakness-green")
    t.act("ability", player="Ann", pos=1, ability="summon", args=["strong-gloom-red-drain"],
          merge="bleakness-green")
    t.act("pass")
    emo = t.mindset("Ann")[1]
    assert emo["card"] == "strong-gloom-red-drain" and emo["fragments"] == 2 and emo["ready"]
    assert t["actions_left"] == 2 and t.hand("Ann")["count"] == 3


def test_summon_into_a_full_mindset_is_refused_before_the_fragment_is_spent():
    t = Table()
    t.place("Ann", "mild-bliss-yellow-summon")
    for card in ("brightness-red", "brightness-blue", "bleakness-red"):
        t.place("Ann", card)
    err = t.refused("ability", player="Ann", pos=1, ability="summon", args=["bleakness-blue"])
    assert "full" in err.message
    t.act("ability", player="Ann", pos=1, ability="summon", args=["bleakness-blue"], discard=2)
    t.act("pass")
    assert [e["card"] for e in t.mindset("Ann")][-1] == "bleakness-blue"


def test_steal_moves_a_card_from_an_opponent_hand():
    t = Table()
    t.place("Ann", "mild-bliss-red-steal")
    t.give("Bob", "brightness-blue")
    assert "an opponent" in t.refused(
        "ability", player="Ann", pos=1, ability="steal", args=["Ann"]).message
    t.act("ability", player="Ann", pos=1, ability="steal", args=["Bob"], card="brightness-blue")
    t.act("pass")
    assert t.hand("Bob") == {"count": 4, "known": []}
    assert t.hand("Ann") == {"count": 5, "known": ["brightness-blue"]}


def test_steal_without_naming_the_card_moves_a_hidden_one():
    t = Table()
    t.place("Ann", "mild-bliss-red-steal")
    t.act("ability", player="Ann", pos=1, ability="steal", args=["Cy"])
    t.act("pass")
    assert t.hand("Cy")["count"] == 3 and t.hand("Ann")["count"] == 5


def test_swap_exchanges_emotions_and_the_fragments_stay_on_them():
    t = Table()
    t.place("Ann", "mild-bliss-yellow-swap")
    t.place("Ann", "strong-gloom-red-drain")
    t.place("Bob", "mild-gloom-red-draw", fragments=0)
    assert "another player's Mindset" in t.refused(
        "ability", player="Ann", pos=1, ability="swap", args=[2, "Ann:1"]).message
    t.act("ability", player="Ann", pos=1, ability="swap", args=[2, "Bob:1"])
    t.act("pass")
    mine, theirs = t.mindset("Ann")[1], t.mindset("Bob")[0]
    assert (mine["card"], mine["fragments"], mine["ready"]) == ("mild-gloom-red-draw", 0, False)
    assert (theirs["card"], theirs["fragments"]) == ("strong-gloom-red-drain", 2)


def test_swap_may_give_away_the_emotion_that_swaps():
    t = Table()
    t.place("Ann", "mild-bliss-yellow-swap")
    t.place("Bob", "strong-gloom-red-drain")
    t.act("ability", player="Ann", pos=1, ability="swap", args=[1, "Bob:1"])
    t.act("pass")
    assert t.mindset("Bob")[0]["card"] == "mild-bliss-yellow-swap"
    assert t.mindset("Ann")[0]["card"] == "strong-gloom-red-drain"


def test_draw_reshuffles_the_discard_pile_when_the_main_deck_runs_out():
    t = Table()
    t.place("Ann", "mild-bliss-red-draw")
    t.state["discard"]["unknown"], t.state["deck"] = t["deck"] - 1, 1
    t.act("ability", player="Ann", pos=1, ability="draw", args=[])
    t.act("pass")
    # 1 card from the deck, then the 64-card discard pile becomes the deck and 1 more: 63
    assert t.hand("Ann")["count"] == 6 and t["deck"] == 63 and t["discard"]["unknown"] == 0
    assert "shuffled into a new one" in t.text()


def test_embrace_takes_an_impulse_card_without_an_action():
    t = Table()
    t.place("Ann", "mild-bliss-yellow-embrace")
    t.act("ability", player="Ann", pos=1, ability="embrace", args=[3], reveal=["bleakness-red"])
    t.act("pass")
    assert t.hand("Ann") == {"count": 5, "known": ["brightness-green"]}
    assert t["impulse"][2] == "bleakness-red" and t["actions_left"] == 2 and t["stacks"][2] == 4


def test_embrace_triggers_a_revelation_when_the_stack_is_empty():
    t = Table()
    t.state["stacks"][2], t.state["deck"] = 0, t["deck"] + 5
    t.place("Ann", "mild-bliss-yellow-embrace")
    t.act("ability", player="Ann", pos=1, ability="embrace", args=[3])
    t.act("pass")
    assert t["phase"] == "revelation"


# -- Counter-acts ---------------------------------------------------------------------------


def test_counter_act_is_offered_clockwise_from_the_left_of_the_acting_player():
    t = Table(first="Cy")
    t.place("Cy", "mild-bliss-red-draw")
    t.give("Bob", "bleakness-red")
    t.act("ability", player="Cy", pos=1, ability="draw", args=[])
    from test_cerebria_support import ENGINE
    assert ENGINE.summary(t.state)["pending"][0]["player"] == "Ann"
    err = t.refused("pass", player="Bob")
    assert "Ann answers first" in err.message and "Counter-act" in err.rule
    t.act("pass", player="Ann")
    assert ENGINE.summary(t.state)["pending"][0]["player"] == "Bob"
    t.act("cancel", player="Bob", discard="bleakness-red")
    # cancelled: Cy draws nothing, the fragment stays spent, Draw counts as used
    assert t.hand("Cy")["count"] == 4 and t.mindset("Cy")[0]["fragments"] == 0
    assert t["supply"]["bliss"] == 40 and t["abilities_used"] == ["draw"]
    assert t.hand("Bob")["count"] == 4 and t["discard"]["known"] == ["bleakness-red"]


def test_counter_act_needs_a_discard_of_the_same_vibe():
    t = Table()
    t.place("Ann", "mild-bliss-red-draw")
    t.give("Bob", "bleakness-blue")
    assert "no ability is waiting" in t.refused("cancel", player="Bob",
                                                discard="bleakness-blue").message
    t.act("ability", player="Ann", pos=1, ability="draw", args=[])
    err = t.refused("cancel", player="Bob", discard="bleakness-blue")
    assert "bleakness-blue is blue" in err.message and "same vibe" in err.rule
    assert "their own ability" in t.refused("cancel", player="Ann",
                                            discard="brightness-red").message
    assert "--discard" in t.bad_input("cancel", player="Bob").message


def test_a_later_player_may_cancel_and_the_earlier_ones_let_it_pass():
    t = Table()
    t.place("Ann", "mild-bliss-red-draw")
    t.act("ability", player="Ann", pos=1, ability="draw", args=[])
    t.act("cancel", player="Cy", discard="strong-gloom-red-drain")
    assert "Bob let it pass" in t.text() and t.hand("Cy")["count"] == 3


def test_players_without_cards_are_not_asked_to_counter_act():
    t = Table()
    for p in ("Bob", "Cy"):
        t.state["deck"] += 4
        t.state["hands"][p]["count"] = 0
    t.place("Ann", "mild-bliss-red-draw")
    t.act("ability", player="Ann", pos=1, ability="draw", args=[])
    assert t["pending"] is None and t.hand("Ann")["count"] == 6


def test_while_a_counter_act_is_pending_only_its_answers_are_legal():
    t = Table()
    t.place("Ann", "mild-bliss-red-draw")
    t.act("ability", player="Ann", pos=1, ability="draw", args=[])
    err = t.refused("impulse", player="Ann", slot=1)
    assert "must first answer the counter-act" in err.message
    from test_cerebria_support import ENGINE
    assert {a["verb"] for a in ENGINE.legal_actions(t.state)} <= {"pass", "cancel"}


# -- Revelation ------------------------------------------------------------------------------


def test_revelation_triggers_when_the_stack_is_empty_and_ends_the_turn_at_once():
    t = Table()
    t.state["stacks"][0], t.state["deck"] = 0, t["deck"] + 5
    t.act("impulse", player="Ann", slot=1)
    # Ann's second action is lost; Bob, to her left, starts the next Cycle
    assert t["phase"] == "revelation" and t["impulse"][0] is None
    assert t["players"][t["current"]] == "Bob" and t["revelations"] == 1
    assert "Revelation" in t.refused("impulse", player="Bob", slot=2).rule


def test_revelation_collects_fragments_and_the_vibe_bonus_in_the_mood_affiliation():
    t = Table(mood="gloom")
    t.place("Ann", "strong-bliss-red-swap")                          # 2 bliss, red
    t.place("Ann", "mild-gloom-red-draw", absorbed=2, merged="bleakness-yellow")  # 1+2 gloom, red
    t.place("Ann", "brightness-red", absorbed=1)                     # 1 bliss, red
    t.place("Ann", "mild-bliss-yellow-drain")                        # 1 bliss, yellow
    t.place("Bob", "mild-gloom-blue-drain")                           # 1 gloom, blue
    t.place("Bob", "bleakness-green")                                # 0, green
    t.state["stacks"][2], t.state["deck"] = 0, t["deck"] + 5
    t.act("impulse", player="Ann", slot=3)
    # Ann: vibes red red red yellow (the merged bleakness-yellow has no vibe) = three of a
    # kind, +2 gloom (Mood Marker). Bliss 2+1+1 = 4, Gloom 3+2 = 5, 9 this Revelation.
    # Bob: blue green = no combination; 1 gloom.
    assert t["scored"] == {"Ann": {"bliss": 4, "gloom": 5}, "Bob": {"bliss": 0, "gloom": 1},
                           "Cy": {"bliss": 0, "gloom": 0}}
    assert t["last"] == {"Ann": 9, "Bob": 1, "Cy": 0}
    # supply: Bliss 40 - 4 = 36, Gloom 40 - 3 - 1 - 2 = 34; Mindset slots are empty
    assert t["supply"] == {"bliss": 36, "gloom": 34}
    rows = {r[0]: r for r in t.events[2]["table"]["rows"]}
    assert rows["Ann"][1:6] == [4, 3, "red red red yellow", "three-of-a-kind", "+2 gloom"]
    assert rows["Bob"][4] == "-"


def test_vibe_bonus_stops_when_the_supply_runs_out():
    t = Table()
    for card in ("brightness-red", "brightness-blue", "brightness-green", "brightness-yellow"):
        t.place("Ann", card)
    t.state["supply"]["bliss"], t.state["scored"]["Cy"]["bliss"] = 1, 39
    t.state["stacks"][0], t.state["deck"] = 0, t["deck"] + 5
    t.act("impulse", player="Ann", slot=1)
    # four different would give 3 bliss; only 1 is left
    assert t["scored"]["Ann"]["bliss"] == 1 and "supply ran out" in t.text()


def test_revelation_ends_the_game_when_a_player_is_single_minded():
    t = Table()
    t.state["scored"]["Bob"]["bliss"], t.state["supply"]["bliss"] = 11, 29
    t.place("Bob", "mild-bliss-red-draw")
    t.state["stacks"][0], t.state["deck"] = 0, t["deck"] + 5
    t.act("impulse", player="Ann", slot=1)
    # Bob: 11 + 1 = 12 Bliss
    from test_cerebria_support import ENGINE
    s = ENGINE.summary(t.state)
    assert s["over"] and s["winners"] == ["Bob"] and s["outcome"] == "single-minded"
    assert ENGINE.legal_actions(t.state) == []
    assert "Bob wins: Single-minded" in t.text()
    with pytest.raises(IllegalAction, match="over"):
        t.act("next-cycle")


def test_game_ends_when_every_fragment_is_scored_and_nobody_won():
    t = Table(players=("A", "B", "C", "D", "E"))
    scores = {"A": (11, 6), "B": (11, 6), "C": (6, 11), "D": (6, 11), "E": (6, 5)}
    for p, (b, g) in scores.items():
        t.state["scored"][p] = {"bliss": b, "gloom": g}
    t.state["supply"] = {"bliss": 0, "gloom": 1}
    t.place("E", "mild-gloom-red-draw")
    t.state["stacks"][0], t.state["deck"] = 0, t["deck"] + 7
    t.act("impulse", player="A", slot=1)
    # E reaches 6/6; all 80 fragments scored, nobody qualifies: most fragments (17) is A, B,
    # C, D; the last Revelation gave them 0 each: shared
    assert t["phase"] == "over" and t["winners"] == ["A", "B", "C", "D"]
    assert t["tie_break"] == "shared" and t["condition"] is None


# -- Preparing the next Cycle ----------------------------------------------------------------


def _revealed(t: Table) -> Table:
    t.state["stacks"][0], t.state["deck"] = 0, t["deck"] + 5
    t.act("impulse", player="Ann", slot=1)
    return t


def test_next_cycle_only_after_a_revelation():
    t = Table()
    assert "only after a Revelation" in t.refused("next-cycle").message


def test_next_cycle_prepares_impulse_stacks_mindsets_hands_and_the_toss():
    t = Table()
    t.give("Ann", "brightness-blue")
    t.place("Bob", "strong-gloom-red-drain")
    t.state["hands"]["Cy"]["count"], t.state["deck"] = 1, t["deck"] + 3
    t = _revealed(t)
    # Ann now holds 4 + 1 + 1 (from the Impulse) = 6
    assert t.hand("Ann")["count"] == 6
    t.act("next-cycle", mood="gloom",
          reveal=["bleakness-red", "bleakness-blue", "mild-gloom-blue-drain"])
    assert t["impulse"] == ["bleakness-red", "bleakness-blue", "mild-gloom-blue-drain"]
    assert t["stacks"] == [5, 5, 5] and t["mood"] == "gloom" and t["cycle"] == 2
    assert t.mindset("Bob") == [] and "strong-gloom-red-drain" in t["discard"]["known"]
    # the 2 Impulse cards left are discarded too; Ann keeps 4, discards 2; Cy draws 3
    assert {"strong-gloom-blue-steal", "brightness-green"} <= set(t["discard"]["known"])
    assert t.hand("Ann") == {"count": 4, "known": []} and t["discard"]["unknown"] == 2
    assert t.hand("Cy")["count"] == 4 and t.hand("Bob")["count"] == 4
    assert t["phase"] == "cycle" and t["players"][t["current"]] == "Bob"
    assert t["actions_left"] == 2


def test_next_cycle_reshuffles_the_discard_pile_when_the_main_deck_runs_out():
    t = _revealed(Table())
    # move all but 2 deck cards to the discard pile
    t.state["discard"]["unknown"], t.state["deck"] = t["deck"] - 2, 2
    t.act("next-cycle")
    # 3 Impulse + 5 for stack 1 (its 0 + 5) = 8 needed: 2 from the deck, 6 after the reshuffle
    assert t["stacks"] == [5, 5, 5] and all(t["impulse"])
    assert "shuffled into a new one" in t.text()
    assert [r["label"] for r in t.results] == ["impulse 1", "impulse 2", "impulse 3",
                                               "mood marker"]


def test_steal_may_take_nothing_after_looking():
    t = Table()
    t.place("Ann", "mild-bliss-red-steal")
    t.act("ability", player="Ann", pos=1, ability="steal", args=["Bob"], card="none")
    t.act("pass")
    assert t.hand("Bob")["count"] == 4 and t.hand("Ann")["count"] == 4
    assert "takes nothing" in t.text()


def test_steal_of_a_shown_card_the_opponent_does_not_hold_is_refused():
    t = Table()
    t.place("Ann", "mild-bliss-red-steal")
    t.state["deck"] += 4
    t.state["hands"]["Bob"]["count"] = 0
    t.give("Bob", "brightness-blue")
    err = t.refused("ability", player="Ann", pos=1, ability="steal", args=["Bob"],
                    card="brightness-red")
    assert "known to hold only brightness-blue" in err.message


def test_steal_of_an_unnamed_card_may_have_taken_a_shown_one():
    # Bob shows mild-bliss-red-draw (printed once) and holds 4 hidden cards. Ann steals
    # without saying which card: it may be the shown one, so Bob's hand is no longer known
    # to hold it and Ann may invoke it (hands: Bob 5 - 1 = 4, Ann 4 + 1 = 5, then 4).
    t = Table()
    t.place("Ann", "mild-bliss-red-steal")
    t.give("Bob", "mild-bliss-red-draw")
    t.act("ability", player="Ann", pos=1, ability="steal", args=["Bob"])
    t.act("pass")
    assert t.hand("Bob") == {"count": 4, "known": []} and t.hand("Ann")["count"] == 5
    t.act("invoke", player="Ann", card="mild-bliss-red-draw")
    assert t.hand("Ann")["count"] == 4 and t.mindset("Ann")[1]["card"] == "mild-bliss-red-draw"


def test_counter_act_reveal_typed_with_an_early_pass_is_kept():
    # Embrace waits on Bob then Cy. Bob passes and types the card turned up from stack 3;
    # Cy passes last: that card, not a drawn one, refills Impulse slot 3 (stack 5 - 1 = 4).
    t = Table()
    t.place("Ann", "mild-bliss-yellow-embrace")
    t.act("ability", player="Ann", pos=1, ability="embrace", args=[3])
    t.act("pass", player="Bob", reveal=["bleakness-red"])
    t.act("pass", player="Cy")
    assert t["impulse"][2] == "bleakness-red" and t["stacks"][2] == 4
    assert [r["source"] for r in t.results] == ["table"]


def test_drain_of_itself_is_refused_naming_the_drain_rule():
    t = Table()
    t.place("Ann", "mild-bliss-yellow-drain")
    err = t.refused("ability", player="Ann", pos=1, ability="drain", args=["Ann:1", 1])
    assert "cannot drain itself" in err.message and "another emotion" in err.rule


def test_reveal_on_an_ability_that_turns_no_card_up_is_refused_at_once():
    # Draw turns no Impulse card face up: a typed --reveal is a mistake caught when the
    # ability is used, not later when the last player passes (which would leave the
    # counter-act unanswerable).
    t = Table()
    t.place("Ann", "mild-bliss-red-draw")
    t.place("Ann", "mild-bliss-yellow-embrace")
    err = t.bad_input("ability", player="Ann", pos=1, ability="draw", args=[],
                      reveal=["brightness-red"])
    assert "--reveal" in err.message
    # Embrace turns one card up at most
    assert "--reveal" in t.bad_input("ability", player="Ann", pos=2, ability="embrace",
                                     args=[1], reveal=["brightness-red", "brightness-blue"]).message
    assert t["pending"] is None and t.mindset("Ann")[0]["fragments"] == 1
