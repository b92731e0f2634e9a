"""Cerebria: the eight Emotion Abilities and the counter-acts, one test per rule. Expected
numbers are worked out in the comments."""

from __future__ import annotations

from test_cerebria_support import ENGINE, Table

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


def test_deprive_second_discard_is_chosen_after_the_first_is_replaced():
    # Deprive: discard one, replace it, then discard the second one seeing the refill.
    t = Table()
    t.place("Ann", "mild-bliss-red-deprive")
    t.act("ability", player="Ann", pos=1, ability="deprive", args=[1], reveal=["brightness-red"])
    t.act("pass")
    # the first discard: mild-bliss-red-destroy leaves, brightness-red turns up (stack 1: 5 - 1)
    assert t["impulse"][0] == "brightness-red" and t["stacks"] == [4, 5, 5]
    assert t["deprive"] == {"player": "Ann", "emotion": "mild-bliss-red-deprive"}
    summary = ENGINE.summary(t.state)
    assert summary["pending"] == [{"player": "Ann", "decision": "deprive",
                                   "choices": ["deprive Ann 1", "deprive Ann 2", "deprive Ann 3"]}]
    assert "deprive Ann SLOT" in ENGINE.render(t.state)
    # nothing else until the second discard (it is not optional)
    assert "Deprive" in t.refused("impulse", player="Ann", slot=2).rule
    assert "Deprive" in t.refused("end-turn").rule
    assert "Deprive" in t.refused("deprive", player="Bob", slot=1).rule
    t.act("deprive", player="Ann", slot=1, reveal="bleakness-blue")
    # the second discard: brightness-red leaves, bleakness-blue turns up (stack 1: 4 - 1 = 3)
    assert t["impulse"][0] == "bleakness-blue" and t["stacks"] == [3, 5, 5]
    assert t["discard"]["known"] == ["mild-bliss-red-destroy", "brightness-red"]
    assert t["deprive"] is None and ENGINE.summary(t.state)["pending"] == []
    assert "Deprive" in t.refused("deprive", player="Ann", slot=2).rule  # only twice
    t.act("impulse", player="Ann", slot=2)  # her turn goes on


def test_deprive_second_discard_triggers_a_revelation_when_its_stack_is_empty():
    t = Table()
    t.state["stacks"][1], t.state["deck"] = 0, t["deck"] + 5
    t.place("Ann", "mild-bliss-red-deprive")
    t.act("ability", player="Ann", pos=1, ability="deprive", args=[1])
    t.act("pass")
    t.act("deprive", player="Ann", slot=2)
    # slot 2 has no card above it: Revelation, Bob (Ann's left) will start the next Cycle
    assert t["phase"] == "revelation" and t["impulse"][1] is None and t["deprive"] is None
    assert t["stacks"][0] == 4


def test_deprive_with_one_slot_takes_at_most_one_typed_reveal():
    t = Table()
    t.place("Ann", "mild-bliss-red-deprive")
    err = t.bad_input("ability", player="Ann", pos=1, ability="deprive", args=[1],
                      reveal=["brightness-red", "bleakness-blue"])
    assert "at most 1" in err.message


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

    assert {a["verb"] for a in ENGINE.legal_actions(t.state)} <= {"pass", "cancel"}


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
    # a typed card that is no card is refused before the fragment is spent
    assert "no vibe" in t.bad_input("ability", player="Ann", pos=2, ability="embrace",
                                    args=[1], reveal=["brightness-pink"]).message
    assert t["pending"] is None and t.mindset("Ann")[0]["fragments"] == 1


def test_swapped_in_emotion_is_usable_from_its_new_owners_next_turn():
    # Ann swaps her Brightness for Bob's strong-gloom-blue-draw (2 fragments on it): it
    # entered her Mindset this turn, so its Draw waits; Bob's new Brightness has no ability.
    t = Table()
    t.place("Ann", "mild-bliss-yellow-swap")
    t.place("Ann", "brightness-red")
    t.place("Bob", "strong-gloom-blue-draw")
    t.act("ability", player="Ann", pos=1, ability="swap", args=[2, "Bob:1"])
    t.act("pass")
    err = t.refused("ability", player="Ann", pos=2, ability="draw", args=[])
    assert "entered Ann's Mindset this turn" in err.message
    for me in ("Ann", "Bob", "Cy"):
        t.act("impulse", player=me, slot=1)
        t.act("impulse", player=me, slot=2)
        t.act("end-turn")
    t.act("ability", player="Ann", pos=2, ability="draw", args=[])
    t.act("pass")
    # Ann: 4 dealt + 2 taken from the Impulse + 2 drawn = 8; the Draw emotion keeps 2 - 1 = 1
    assert t.hand("Ann")["count"] == 8 and t.mindset("Ann")[1]["fragments"] == 1


def test_counter_act_skips_a_player_whose_whole_known_hand_lacks_the_vibe():
    t = Table()
    t.state["deck"] += 4
    t.state["hands"]["Bob"]["count"] = 0
    t.give("Bob", "bleakness-blue", "strong-gloom-green-drain")  # Bob's whole hand is known
    t.place("Ann", "mild-bliss-red-draw")
    t.act("ability", player="Ann", pos=1, ability="draw", args=[])
    # Bob holds no red card for sure: only Cy (4 hidden cards) is asked
    assert t["pending"]["order"] == ["Cy"]
    assert ENGINE.summary(t.state)["pending"][0]["player"] == "Cy"
    err = t.refused("cancel", player="Bob", discard="bleakness-blue")
    assert "no red card" in err.message and "Counter-act" in err.rule


def test_counter_act_still_asks_a_known_hand_with_the_vibe_or_a_partly_hidden_hand():
    t = Table()
    t.state["deck"] += 4
    t.state["hands"]["Bob"]["count"] = 0
    t.give("Bob", "bleakness-red")  # whole hand known, and red
    t.give("Cy", "bleakness-blue")  # known blue card, but 4 hidden cards too
    t.place("Ann", "mild-bliss-red-draw")
    t.act("ability", player="Ann", pos=1, ability="draw", args=[])
    assert t["pending"]["order"] == ["Bob", "Cy"]


def test_counter_act_window_is_not_opened_when_no_hand_can_hold_the_vibe():
    t = Table()
    for p in ("Bob", "Cy"):
        t.state["deck"] += 4
        t.state["hands"][p]["count"] = 0
    t.give("Bob", "brightness-green")
    t.place("Ann", "mild-bliss-red-draw")
    t.act("ability", player="Ann", pos=1, ability="draw", args=[])
    # nobody can cancel: the Draw resolves at once (Ann 4 + 2 = 6 cards)
    assert t["pending"] is None and t.hand("Ann")["count"] == 6
