"""Cerebria: the Revelation (scoring, the win check) and the preparation of the next Cycle.
Expected numbers are worked out in the comments."""

from __future__ import annotations

from cerebria_table import Layout, do, results, said, table

from referee.model.errors import InputError
from referee.testing import Table, refused_by

# -- Revelation ------------------------------------------------------------------------------


def test_revelation_triggers_when_the_stack_is_empty_and_ends_the_turn_at_once():
    p = Layout()
    p.stack(0, 0)
    t = p.table()
    t.act(do("impulse", player="Ann", slot=1))
    # Ann's second action is lost; Bob, to her left, starts the next Cycle
    assert t.state["phase"] == "revelation" and t.state["impulse"][0] is None
    assert t.state["players"][t.state["current"]] == "Bob" and t.state["revelations"] == 1
    assert "Revelation" in t.refuse(do("impulse", player="Bob", slot=2), rule="Revelation: the Cycle is over; prepare the next one").rule


def test_nobody_is_to_play_between_a_revelation_and_the_next_cycle():
    p = Layout()
    p.stack(0, 0)
    t = p.table()
    t.act(do("impulse", player="Ann", slot=1))
    # the status names no current player (nobody can act) and says who starts Cycle 2
    assert t.summary["current"] is None
    text = " ".join(t.engine.render(t.state).split())  # the board wraps its lines at 80 columns
    assert "nobody plays until `next-cycle`" in text and "Bob will start it" in text
    assert "Bob to play" not in text and "▶" not in text
    t.act(do("next-cycle"))
    assert t.summary["current"] == "Bob"


def test_revelation_collects_fragments_and_the_vibe_bonus_in_the_mood_affiliation():
    p = Layout(mood="gloom")
    p.place("Ann", "strong-bliss-red-swap")                          # 2 bliss, red
    p.place("Ann", "mild-gloom-red-draw", absorbed=2, merged="bleakness-yellow")  # 1+2 gloom, red
    p.place("Ann", "brightness-red", absorbed=1)                     # 1 bliss, red
    p.place("Ann", "mild-bliss-yellow-drain")                        # 1 bliss, yellow
    p.place("Bob", "mild-gloom-blue-drain")                           # 1 gloom, blue
    p.place("Bob", "bleakness-green")                                # 0, green
    p.stack(2, 0)
    t = p.table()
    events = t.act(do("impulse", player="Ann", slot=3))
    # Ann: vibes red red red yellow (the merged bleakness-yellow has no vibe) = three of a
    # kind, +2 gloom (Mood Marker). Bliss 2+1+1 = 4, Gloom 3+2 = 5, 9 this Revelation.
    # Bob: blue green = no combination; 1 gloom.
    assert t.state["scored"] == {"Ann": {"bliss": 4, "gloom": 5}, "Bob": {"bliss": 0, "gloom": 1},
                           "Cy": {"bliss": 0, "gloom": 0}}
    assert t.state["last"] == {"Ann": 9, "Bob": 1, "Cy": 0}
    # supply: Bliss 40 - 4 = 36, Gloom 40 - 3 - 1 - 2 = 34; Mindset slots are empty
    assert t.state["supply"] == {"bliss": 36, "gloom": 34}
    rows = {r[0]: r for r in events[2]["table"]["rows"]}
    assert rows["Ann"][1:6] == [4, 3, "red red red yellow", "three-of-a-kind", "+2 gloom"]
    assert rows["Bob"][4] == "-"


def test_vibe_bonus_stops_when_the_supply_runs_out():
    p = Layout()
    for card in ("brightness-red", "brightness-blue", "brightness-green", "brightness-yellow"):
        p.place("Ann", card)
    p.score("Cy", bliss=39)
    p.stack(0, 0)
    t = p.table()
    events = t.act(do("impulse", player="Ann", slot=1))
    # four different would give 3 bliss; only 1 is left
    assert t.state["scored"]["Ann"]["bliss"] == 1 and "supply ran out" in said(events)


def test_short_vibe_bonus_is_handed_out_clockwise_from_the_player_who_triggered():
    p = Layout()
    for card in ("brightness-red", "brightness-blue", "brightness-green", "brightness-yellow"):
        p.place("Ann", card)
    for card in ("bleakness-red", "bleakness-blue", "bleakness-green", "bleakness-yellow"):
        p.place("Bob", card)
    p.score("Cy", bliss=36)
    p.turn_of("Bob")
    p.stack(0, 0)
    t = p.table()
    events = t.act(do("impulse", player="Bob", slot=1))
    # both four different (3 each, Mood Bliss), 4 left: Bob (trigger) 3, Cy none, Ann 1 of 3
    assert t.state["scored"]["Bob"]["bliss"] == 3 and t.state["scored"]["Ann"]["bliss"] == 1
    rows = {r[0]: r for r in events[2]["table"]["rows"]}
    assert rows["Ann"][5] == "+1 bliss (of 3)" and rows["Bob"][5] == "+3 bliss"
    assert "clockwise from Bob, who triggered the Revelation" in said(events)


def test_revelation_ends_the_game_when_a_player_is_single_minded():
    p = Layout()
    p.score("Bob", bliss=11)
    p.place("Bob", "mild-bliss-red-draw")
    p.stack(0, 0)
    t = p.table()
    events = t.act(do("impulse", player="Ann", slot=1))
    # Bob: 11 + 1 = 12 Bliss

    s = t.summary
    assert s["over"] and s["winners"] == ["Bob"] and s["outcome"] == "single-minded"
    assert t.engine.legal_actions(t.state) == []
    assert "Bob wins: Single-minded" in said(events)
    with refused_by("Winning the game", match="over"):
        t.act(do("next-cycle"))


def test_game_ends_when_every_fragment_is_scored_and_nobody_won():
    p = Layout(players=("A", "B", "C", "D", "E"))
    scores = {"A": (11, 6), "B": (11, 6), "C": (6, 11), "D": (6, 11), "E": (6, 5)}
    for name, (b, g) in scores.items():
        p.score(name, bliss=b, gloom=g)
    # supply: Bliss 40 - 40 = 0, Gloom 40 - 39 = 1, then 1 onto E's emotion
    p.place("E", "mild-gloom-red-draw")
    p.stack(0, 0)
    t = p.table()
    assert t.state["supply"] == {"bliss": 0, "gloom": 0}
    t.act(do("impulse", player="A", slot=1))
    # E reaches 6/6; all 80 fragments scored, nobody qualifies: most fragments (17) is A, B,
    # C, D; the last Revelation gave them 0 each: shared
    assert t.state["phase"] == "over" and t.state["winners"] == ["A", "B", "C", "D"]
    assert t.state["tie_break"] == "shared" and t.state["condition"] is None


# -- Preparing the next Cycle ----------------------------------------------------------------


def _revealed(p: Layout) -> Table:
    p.stack(0, 0)
    t = p.table()
    t.act(do("impulse", player="Ann", slot=1))
    return t


def test_next_cycle_only_after_a_revelation():
    t = table()
    assert "only after a Revelation" in t.refuse(do("next-cycle"), rule="Preparing for the next Cycle").message


def test_next_cycle_prepares_impulse_stacks_mindsets_hands_and_the_toss():
    p = Layout()
    p.give("Ann", "brightness-blue")
    p.place("Bob", "strong-gloom-red-drain")
    p.hidden("Cy", 1)
    t = _revealed(p)
    # Ann now holds 4 + 1 + 1 (from the Impulse) = 6
    assert t.state["hands"]["Ann"]["count"] == 6
    events = t.act(do("next-cycle", mood="gloom",
          reveal=["bleakness-red", "bleakness-blue", "mild-gloom-blue-drain"]))
    assert t.state["impulse"] == ["bleakness-red", "bleakness-blue", "mild-gloom-blue-drain"]
    assert t.state["stacks"] == [5, 5, 5] and t.state["mood"] == "gloom" and t.state["cycle"] == 2
    assert t.state["mindsets"]["Bob"] == [] and "strong-gloom-red-drain" in t.state["discard"]["known"]
    # the 2 Impulse cards left are discarded too; Ann keeps 4, discards 2; Cy draws 3
    assert {"strong-gloom-blue-steal", "brightness-green"} <= set(t.state["discard"]["known"])
    assert t.state["hands"]["Ann"] == {"count": 4, "known": []} and t.state["discard"]["unknown"] == 2
    assert t.state["hands"]["Cy"]["count"] == 4 and t.state["hands"]["Bob"]["count"] == 4
    assert t.state["phase"] == "cycle" and t.state["players"][t.state["current"]] == "Bob"
    assert t.state["actions_left"] == 2
    # the table is told every step, in the rulebook's order
    assert said(events).index("Impulse stacks refilled to 5 cards each") < \
        said(events).index("Every Mindset is discarded") < said(events).index("Ann keeps 4 cards")


def test_next_cycle_reshuffles_the_discard_pile_when_the_main_deck_runs_out():
    # all but 2 deck cards lie in the discard pile (the Revelation takes none from the deck)
    t = _revealed(Layout().deck(2))
    events = t.act(do("next-cycle"))
    # 3 Impulse + 5 for stack 1 (its 0 + 5) = 8 needed: 2 from the deck, 6 after the reshuffle
    assert t.state["stacks"] == [5, 5, 5] and all(t.state["impulse"])
    assert "shuffled into a new one" in said(events)
    assert [r["label"] for r in results(t)] == ["impulse 1", "impulse 2", "impulse 3",
                                               "mood marker"]


# -- Trimming hands to 4: which shown cards were kept (--keep) --------------------------------


def _ann_holds_seven() -> Table:
    p = Layout()
    p.give("Ann", "brightness-blue", "bleakness-red")
    t = _revealed(p)  # Ann takes mild-bliss-red-destroy from slot 1: 4 hidden + 3 shown = 7
    assert t.state["hands"]["Ann"] == {"count": 7, "known": ["brightness-blue", "bleakness-red",
                                                   "mild-bliss-red-destroy"]}
    return t


def test_trimming_a_hand_keeps_the_shown_cards_named_with_keep():
    t = _ann_holds_seven()
    events = t.act(do("next-cycle", keep=["brightness-blue"]))
    # Ann keeps 4 (brightness-blue and 3 the table did not see) and discards 3 unseen; the
    # other 2 shown cards may have been kept or discarded: they are hidden again
    assert t.state["hands"]["Ann"] == {"count": 4, "known": ["brightness-blue"]}
    assert t.state["discard"]["unknown"] == 3
    assert "Ann keeps 4 cards and discards 3; kept in sight: brightness-blue" in said(events)


def test_trimming_without_keep_hides_every_shown_card_again():
    t = _ann_holds_seven()
    t.act(do("next-cycle"))
    assert t.state["hands"]["Ann"] == {"count": 4, "known": []} and t.state["discard"]["unknown"] == 3


def test_keep_naming_four_shown_cards_discards_the_other_shown_ones_face_up():
    p = Layout()
    p.give("Ann", "brightness-blue", "bleakness-red", "brightness-green", "bleakness-blue")
    t = _revealed(p)  # 4 hidden + 5 shown = 9
    t.act(do("next-cycle", keep=["Ann:bleakness-red", "brightness-blue", "bleakness-blue",
                              "mild-bliss-red-destroy"]))
    # the 4 kept are all named: the unnamed shown brightness-green and the 4 hidden cards
    # are the 5 discarded
    assert t.state["hands"]["Ann"] == {"count": 4, "known": ["bleakness-red", "brightness-blue",
                                                   "bleakness-blue", "mild-bliss-red-destroy"]}
    assert "brightness-green" in t.state["discard"]["known"] and t.state["discard"]["unknown"] == 4


def test_keep_names_only_shown_cards_of_a_hand_being_trimmed():
    t = _ann_holds_seven()
    err = t.refuse(do("next-cycle", keep=["Ann:brightness-green"]), rule="Preparing for the next Cycle: a hand above 4 keeps 4 cards")
    assert "brightness-green is not a shown card of Ann's hand" in err.message
    assert "next Cycle" in err.rule
    err = t.refuse(do("next-cycle", keep=["brightness-green"]), rule="Preparing for the next Cycle: a hand above 4 keeps 4 cards")
    assert "no hand above 4 is known to hold brightness-green" in err.message
    # Bob holds 4: his hand is not trimmed
    err = t.refuse(do("next-cycle", keep=["Bob:brightness-green"]), rule="Preparing for the next Cycle: a hand above 4 keeps 4 cards")
    assert "Bob holds 4 cards" in err.message
    # the same shown card twice needs two shown copies
    err = t.refuse(do("next-cycle", keep=["brightness-blue", "brightness-blue"]), rule="Preparing for the next Cycle: a hand above 4 keeps 4 cards")
    assert "Ann's hand shows brightness-blue only once" in err.message


def test_keep_names_at_most_four_cards_of_a_hand():
    p = Layout()
    p.give("Ann", "brightness-blue", "bleakness-red", "brightness-green", "bleakness-blue")
    t = _revealed(p)
    err = t.refuse(do("next-cycle", keep=["brightness-blue", "bleakness-red", "brightness-green",
                                        "bleakness-blue", "mild-bliss-red-destroy"]), rule="Preparing for the next Cycle: a hand above 4 keeps 4 cards")
    assert "Ann keeps 4 cards; --keep names 5" in err.message


def test_keep_of_a_card_shown_in_two_trimmed_hands_needs_the_player():
    p = Layout()
    p.give("Ann", "brightness-blue")
    p.give("Bob", "brightness-blue", "bleakness-red")
    t = _revealed(p)  # Ann 6, Bob 6: both trimmed
    assert "Ann:brightness-blue" in t.refuse(do("next-cycle", keep=["brightness-blue"]), kind=InputError).message
    assert "no player 'Zed'" in t.refuse(do("next-cycle", keep=["Zed:brightness-blue"]), kind=InputError).message
    t.act(do("next-cycle", keep=["Bob:brightness-blue", "bleakness-red"]))
    assert t.state["hands"]["Bob"]["known"] == ["brightness-blue", "bleakness-red"]
    assert t.state["hands"]["Ann"]["known"] == []


def test_keep_of_a_malformed_card_is_an_input_error():
    t = _ann_holds_seven()
    assert "card" in t.refuse(do("next-cycle", keep=["Ann:purple"]), kind=InputError).message
