"""Cerebria: the Revelation (scoring, the win check) and the preparation of the next Cycle.
Expected numbers are worked out in the comments."""

from __future__ import annotations

import pytest
from test_cerebria_support import ENGINE, Table

from referee.errors import IllegalAction

# -- Revelation ------------------------------------------------------------------------------


def test_revelation_triggers_when_the_stack_is_empty_and_ends_the_turn_at_once():
    t = Table()
    t.state["stacks"][0], t.state["deck"] = 0, t["deck"] + 5
    t.act("impulse", player="Ann", slot=1)
    # Ann's second action is lost; Bob, to her left, starts the next Cycle
    assert t["phase"] == "revelation" and t["impulse"][0] is None
    assert t["players"][t["current"]] == "Bob" and t["revelations"] == 1
    assert "Revelation" in t.refused("impulse", player="Bob", slot=2).rule


def test_nobody_is_to_play_between_a_revelation_and_the_next_cycle():
    t = Table()
    t.state["stacks"][0], t.state["deck"] = 0, t["deck"] + 5
    t.act("impulse", player="Ann", slot=1)
    # the status names no current player (nobody can act) and says who starts Cycle 2
    assert ENGINE.summary(t.state)["current"] is None
    text = ENGINE.render(t.state)
    assert "nobody plays until `next-cycle`" in text and "Bob will start it" in text
    assert "Bob to play" not in text and "▶" not in text
    t.act("next-cycle")
    assert ENGINE.summary(t.state)["current"] == "Bob"


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


def test_short_vibe_bonus_is_handed_out_clockwise_from_the_player_who_triggered():
    t = Table()
    for card in ("brightness-red", "brightness-blue", "brightness-green", "brightness-yellow"):
        t.place("Ann", card)
    for card in ("bleakness-red", "bleakness-blue", "bleakness-green", "bleakness-yellow"):
        t.place("Bob", card)
    t.state["supply"]["bliss"], t.state["scored"]["Cy"]["bliss"] = 4, 36
    t.state["current"] = 1  # Bob's turn
    t.state["stacks"][0], t.state["deck"] = 0, t["deck"] + 5
    t.act("impulse", player="Bob", slot=1)
    # both four different (3 each, Mood Bliss), 4 left: Bob (trigger) 3, Cy none, Ann 1 of 3
    assert t["scored"]["Bob"]["bliss"] == 3 and t["scored"]["Ann"]["bliss"] == 1
    rows = {r[0]: r for r in t.events[2]["table"]["rows"]}
    assert rows["Ann"][5] == "+1 bliss (of 3)" and rows["Bob"][5] == "+3 bliss"
    assert "clockwise from Bob, who triggered the Revelation" in t.text()


def test_revelation_ends_the_game_when_a_player_is_single_minded():
    t = Table()
    t.state["scored"]["Bob"]["bliss"], t.state["supply"]["bliss"] = 11, 29
    t.place("Bob", "mild-bliss-red-draw")
    t.state["stacks"][0], t.state["deck"] = 0, t["deck"] + 5
    t.act("impulse", player="Ann", slot=1)
    # Bob: 11 + 1 = 12 Bliss

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
    # the table is told every step, in the rulebook's order
    assert t.text().index("Impulse stacks refilled to 5 cards each") < \
        t.text().index("Every Mindset is discarded") < t.text().index("Ann keeps 4 cards")


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


# -- Trimming hands to 4: which shown cards were kept (--keep) --------------------------------


def _ann_holds_seven() -> Table:
    t = Table()
    t.give("Ann", "brightness-blue", "bleakness-red")
    t = _revealed(t)  # Ann takes mild-bliss-red-destroy from slot 1: 4 hidden + 3 shown = 7
    assert t.hand("Ann") == {"count": 7, "known": ["brightness-blue", "bleakness-red",
                                                   "mild-bliss-red-destroy"]}
    return t


def test_trimming_a_hand_keeps_the_shown_cards_named_with_keep():
    t = _ann_holds_seven()
    t.act("next-cycle", keep=["brightness-blue"])
    # Ann keeps 4 (brightness-blue and 3 the table did not see) and discards 3 unseen; the
    # other 2 shown cards may have been kept or discarded: they are hidden again
    assert t.hand("Ann") == {"count": 4, "known": ["brightness-blue"]}
    assert t["discard"]["unknown"] == 3
    assert "Ann keeps 4 cards and discards 3; kept in sight: brightness-blue" in t.text()


def test_trimming_without_keep_hides_every_shown_card_again():
    t = _ann_holds_seven()
    t.act("next-cycle")
    assert t.hand("Ann") == {"count": 4, "known": []} and t["discard"]["unknown"] == 3


def test_keep_naming_four_shown_cards_discards_the_other_shown_ones_face_up():
    t = Table()
    t.give("Ann", "brightness-blue", "bleakness-red", "brightness-green", "bleakness-blue")
    t = _revealed(t)  # 4 hidden + 5 shown = 9
    t.act("next-cycle", keep=["Ann:bleakness-red", "brightness-blue", "bleakness-blue",
                              "mild-bliss-red-destroy"])
    # the 4 kept are all named: the unnamed shown brightness-green and the 4 hidden cards
    # are the 5 discarded
    assert t.hand("Ann") == {"count": 4, "known": ["bleakness-red", "brightness-blue",
                                                   "bleakness-blue", "mild-bliss-red-destroy"]}
    assert "brightness-green" in t["discard"]["known"] and t["discard"]["unknown"] == 4


def test_keep_names_only_shown_cards_of_a_hand_being_trimmed():
    t = _ann_holds_seven()
    err = t.refused("next-cycle", keep=["Ann:brightness-green"])
    assert "brightness-green is not a shown card of Ann's hand" in err.message
    assert "next Cycle" in err.rule
    err = t.refused("next-cycle", keep=["brightness-green"])
    assert "no hand above 4 is known to hold brightness-green" in err.message
    # Bob holds 4: his hand is not trimmed
    err = t.refused("next-cycle", keep=["Bob:brightness-green"])
    assert "Bob holds 4 cards" in err.message
    # the same shown card twice needs two shown copies
    err = t.refused("next-cycle", keep=["brightness-blue", "brightness-blue"])
    assert "Ann's hand shows brightness-blue only once" in err.message


def test_keep_names_at_most_four_cards_of_a_hand():
    t = Table()
    t.give("Ann", "brightness-blue", "bleakness-red", "brightness-green", "bleakness-blue")
    t = _revealed(t)
    err = t.refused("next-cycle", keep=["brightness-blue", "bleakness-red", "brightness-green",
                                        "bleakness-blue", "mild-bliss-red-destroy"])
    assert "Ann keeps 4 cards; --keep names 5" in err.message


def test_keep_of_a_card_shown_in_two_trimmed_hands_needs_the_player():
    t = Table()
    t.give("Ann", "brightness-blue")
    t.give("Bob", "brightness-blue", "bleakness-red")
    t = _revealed(t)  # Ann 6, Bob 6: both trimmed
    assert "Ann:brightness-blue" in t.bad_input("next-cycle", keep=["brightness-blue"]).message
    assert "no player 'Zed'" in t.bad_input("next-cycle", keep=["Zed:brightness-blue"]).message
    t.act("next-cycle", keep=["Bob:brightness-blue", "bleakness-red"])
    assert t.hand("Bob")["known"] == ["brightness-blue", "bleakness-red"]
    assert t.hand("Ann")["known"] == []


def test_keep_of_a_malformed_card_is_an_input_error():
    t = _ann_holds_seven()
    assert "card" in t.bad_input("next-cycle", keep=["Ann:purple"]).message
