"""Cerebria: the eight Emotion Abilities and the counter-acts, one test per rule. Expected
numbers are worked out in the comments."""

from __future__ import annotations

from cerebria_table import Layout, do, drain_overflow, results, said

from referee.games.cerebria.flow import COUNTER_RULE
from referee.model.errors import InputError

# -- The eight abilities -----------------------------------------------------------------------


def test_destroy_discards_an_emotion_and_returns_its_fragments():
    p = Layout()
    p.place("Ann", "mild-bliss-green-destroy")
    p.place("Bob", "strong-gloom-red-drain", absorbed=1, merged="bleakness-red")
    t = p.table()
    assert t.state["supply"] == {"bliss": 39, "gloom": 37}
    t.act(do("ability", player="Ann", pos=1, ability="destroy", args=["Bob:1"]))
    t.act(do("pass"))
    # Ann's spent fragment and Bob's 2 + 1 go back: 40 and 40
    assert t.state["mindsets"]["Bob"] == [] and t.state["supply"] == {"bliss": 40, "gloom": 40}
    assert t.state["discard"]["known"] == ["strong-gloom-red-drain", "bleakness-red"]


def test_drain_moves_what_fits_and_the_owner_keeps_the_overflow():
    p = Layout()
    p.place("Ann", "mild-bliss-yellow-drain")
    p.place("Ann", "strong-bliss-red-swap", fragments=1)  # 1 empty Fragment slot
    p.place("Bob", "strong-bliss-red-summon", absorbed=2, merged="brightness-red")  # 2 + 2
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="drain", args=["Bob:1", 2]))
    events = t.act(do("pass"))
    # one fragment fits; Bob keeps his spendable ones, so an absorbed one moves
    bob = t.state["mindsets"]["Bob"][0]
    assert (bob["fragments"], bob["absorbed"]) == (2, 1)
    assert t.state["mindsets"]["Ann"][1]["fragments"] == 2
    assert "3 stay" in said(events)


def test_drain_overflow_choice_can_keep_the_absorbed_ones():
    t = drain_overflow()
    t.act(do("ability", player="Ann", pos=1, ability="drain", args=["Bob:1", 2], keep="absorb"))
    t.act(do("pass"))
    bob = t.state["mindsets"]["Bob"][0]
    assert (bob["fragments"], bob["absorbed"]) == (1, 2)


def test_drain_fills_the_host_fragment_slots_first_then_absorb_slots():
    p = Layout()
    p.place("Ann", "mild-bliss-yellow-drain")
    p.place("Ann", "strong-bliss-red-swap", fragments=0, merged="brightness-blue")  # 4 empty
    p.place("Bob", "strong-bliss-red-summon", absorbed=1, merged="brightness-red")  # 3 on it
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="drain", args=["Bob:1", 2]))
    t.act(do("pass"))
    host = t.state["mindsets"]["Ann"][1]
    assert (host["fragments"], host["absorbed"]) == (2, 1)
    assert t.state["mindsets"]["Bob"][0]["fragments"] + t.state["mindsets"]["Bob"][0]["absorbed"] == 0


def test_drain_moves_fragments_only_onto_their_affiliation():
    p = Layout()
    p.place("Ann", "mild-bliss-yellow-drain")
    p.place("Bob", "strong-gloom-red-drain")
    t = p.table()
    err = t.refuse(do("ability", player="Ann", pos=1, ability="drain", args=["Bob:1", 1]), rule="Drain: fragments go only onto an emotion of their affiliation")
    assert "gloom fragments" in err.message and "affiliation" in err.rule
    assert "cannot drain itself" in t.refuse(do(
        "ability", player="Ann", pos=1, ability="drain", args=["Ann:1", 1]), rule="Drain: from one emotion onto another emotion of yours").message


def test_deprive_discards_two_impulse_cards_and_refills_them():
    p = Layout()
    p.place("Ann", "mild-bliss-red-deprive")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="deprive", args=[1, 1],
          reveal=["brightness-red", "bleakness-blue"]))
    t.act(do("pass"))
    # slot 1 twice: mild-bliss-red-destroy then brightness-red discarded; stack 1: 5 - 2 = 3
    assert t.state["impulse"][0] == "bleakness-blue" and t.state["stacks"] == [3, 5, 5]
    assert t.state["discard"]["known"] == ["mild-bliss-red-destroy", "brightness-red"]


def test_deprive_triggers_a_revelation_when_the_stack_is_empty():
    p = Layout()
    p.stack(1, 0)
    p.place("Ann", "mild-bliss-red-deprive")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="deprive", args=[2, 1]))
    t.act(do("pass"))
    # the first discard empties slot 2 with no card above it: Revelation, slot 1 untouched
    assert t.state["phase"] == "revelation" and t.state["impulse"][1] is None
    assert t.state["impulse"][0] == "mild-bliss-red-destroy" and t.state["stacks"][0] == 5


def test_deprive_second_discard_is_chosen_after_the_first_is_replaced():
    # Deprive: discard one, replace it, then discard the second one seeing the refill.
    p = Layout()
    p.place("Ann", "mild-bliss-red-deprive")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="deprive", args=[1], reveal=["brightness-red"]))
    t.act(do("pass"))
    # the first discard: mild-bliss-red-destroy leaves, brightness-red turns up (stack 1: 5 - 1)
    assert t.state["impulse"][0] == "brightness-red" and t.state["stacks"] == [4, 5, 5]
    owed = t.state["pending"][0]
    assert (owed["player"], owed["decision"], owed["data"]) == (
        "Ann", "deprive", {"emotion": "mild-bliss-red-deprive"})
    summary = t.summary
    assert summary["pending"] == [{"player": "Ann", "decision": "deprive",
                                   "choices": ["deprive Ann 1", "deprive Ann 2", "deprive Ann 3"]}]
    assert "deprive Ann SLOT" in t.engine.render(t.state)
    # nothing else until the second discard (it is not optional)
    assert "Deprive" in t.refuse(do("impulse", player="Ann", slot=2), rule="Pending decisions: a counter-act, or Deprive's second discard, is answered before anything else").rule
    assert "Deprive" in t.refuse(do("end-turn"), rule="Pending decisions: a counter-act, or Deprive's second discard, is answered before anything else").rule
    assert "Deprive" in t.refuse(do("deprive", player="Bob", slot=1), rule="Pending decisions: a counter-act, or Deprive's second discard, is answered before anything else").rule
    t.act(do("deprive", player="Ann", slot=1, reveal="bleakness-blue"))
    # the second discard: brightness-red leaves, bleakness-blue turns up (stack 1: 4 - 1 = 3)
    assert t.state["impulse"][0] == "bleakness-blue" and t.state["stacks"] == [3, 5, 5]
    assert t.state["discard"]["known"] == ["mild-bliss-red-destroy", "brightness-red"]
    assert t.state["pending"] == [] and t.summary["pending"] == []
    assert "Deprive" in t.refuse(do("deprive", player="Ann", slot=2), rule="Pending decisions: a counter-act, or Deprive's second discard, is answered before anything else").rule  # only twice
    t.act(do("impulse", player="Ann", slot=2))  # her turn goes on


def test_deprive_second_discard_triggers_a_revelation_when_its_stack_is_empty():
    p = Layout()
    p.stack(1, 0)
    p.place("Ann", "mild-bliss-red-deprive")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="deprive", args=[1]))
    t.act(do("pass"))
    t.act(do("deprive", player="Ann", slot=2))
    # slot 2 has no card above it: Revelation, Bob (Ann's left) will start the next Cycle
    assert t.state["phase"] == "revelation" and t.state["impulse"][1] is None and t.state["pending"] == []
    assert t.state["stacks"][0] == 4


def test_deprive_with_one_slot_takes_at_most_one_typed_reveal():
    p = Layout()
    p.place("Ann", "mild-bliss-red-deprive")
    t = p.table()
    err = t.refuse(do("ability", player="Ann", pos=1, ability="deprive", args=[1],
                      reveal=["brightness-red", "bleakness-blue"]), kind=InputError)
    assert "at most 1" in err.message


def test_summon_places_an_emotion_without_an_action_and_may_merge():
    p = Layout()
    p.place("Ann", "mild-bliss-yellow-summon")
    p.give("Ann", "bleakness-green")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="summon", args=["strong-gloom-red-drain"],
          merge="bleakness-green"))
    t.act(do("pass"))
    emo = t.state["mindsets"]["Ann"][1]
    assert emo["card"] == "strong-gloom-red-drain" and emo["fragments"] == 2 and emo["ready"]
    assert t.state["actions_left"] == 2 and t.state["hands"]["Ann"]["count"] == 3


def test_summon_into_a_full_mindset_is_refused_before_the_fragment_is_spent():
    p = Layout()
    p.place("Ann", "mild-bliss-yellow-summon")
    for card in ("brightness-red", "brightness-blue", "bleakness-red"):
        p.place("Ann", card)
    t = p.table()
    err = t.refuse(do("ability", player="Ann", pos=1, ability="summon", args=["bleakness-blue"]), rule="Mindset: at most 4 emotions")
    assert "full" in err.message
    t.act(do("ability", player="Ann", pos=1, ability="summon", args=["bleakness-blue"], discard=2))
    t.act(do("pass"))
    assert [e["card"] for e in t.state["mindsets"]["Ann"]][-1] == "bleakness-blue"


def test_steal_moves_a_card_from_an_opponent_hand():
    p = Layout()
    p.place("Ann", "mild-bliss-red-steal")
    p.give("Bob", "brightness-blue")
    t = p.table()
    assert "an opponent" in t.refuse(do(
        "ability", player="Ann", pos=1, ability="steal", args=["Ann"]), rule="Steal: take a card from an opponent's hand").message
    t.act(do("ability", player="Ann", pos=1, ability="steal", args=["Bob"], card="brightness-blue"))
    t.act(do("pass"))
    assert t.state["hands"]["Bob"] == {"count": 4, "known": []}
    assert t.state["hands"]["Ann"] == {"count": 5, "known": ["brightness-blue"]}


def test_steal_without_naming_the_card_moves_a_hidden_one():
    p = Layout()
    p.place("Ann", "mild-bliss-red-steal")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="steal", args=["Cy"]))
    t.act(do("pass"))
    assert t.state["hands"]["Cy"]["count"] == 3 and t.state["hands"]["Ann"]["count"] == 5


def test_swap_exchanges_emotions_and_the_fragments_stay_on_them():
    p = Layout()
    p.place("Ann", "mild-bliss-yellow-swap")
    p.place("Ann", "strong-gloom-red-drain")
    p.place("Bob", "mild-gloom-red-draw", fragments=0)
    t = p.table()
    assert "another player's Mindset" in t.refuse(do(
        "ability", player="Ann", pos=1, ability="swap", args=[2, "Ann:1"]), rule="Swap: one of your emotions with one in another player's Mindset").message
    t.act(do("ability", player="Ann", pos=1, ability="swap", args=[2, "Bob:1"]))
    t.act(do("pass"))
    mine, theirs = t.state["mindsets"]["Ann"][1], t.state["mindsets"]["Bob"][0]
    assert (mine["card"], mine["fragments"], mine["ready"]) == ("mild-gloom-red-draw", 0, False)
    assert (theirs["card"], theirs["fragments"]) == ("strong-gloom-red-drain", 2)


def test_swap_may_give_away_the_emotion_that_swaps():
    p = Layout()
    p.place("Ann", "mild-bliss-yellow-swap")
    p.place("Bob", "strong-gloom-red-drain")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="swap", args=[1, "Bob:1"]))
    t.act(do("pass"))
    assert t.state["mindsets"]["Bob"][0]["card"] == "mild-bliss-yellow-swap"
    assert t.state["mindsets"]["Ann"][0]["card"] == "strong-gloom-red-drain"


def test_draw_reshuffles_the_discard_pile_when_the_main_deck_runs_out():
    p = Layout()
    p.place("Ann", "mild-bliss-red-draw")
    p.deck(1)
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="draw", args=[]))
    events = t.act(do("pass"))
    # 1 card from the deck, then the 64-card discard pile becomes the deck and 1 more: 63
    assert t.state["hands"]["Ann"]["count"] == 6 and t.state["deck"] == 63 and t.state["discard"]["unknown"] == 0
    assert "shuffled into a new one" in said(events)


def test_embrace_takes_an_impulse_card_without_an_action():
    p = Layout()
    p.place("Ann", "mild-bliss-yellow-embrace")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="embrace", args=[3], reveal=["bleakness-red"]))
    t.act(do("pass"))
    assert t.state["hands"]["Ann"] == {"count": 5, "known": ["brightness-green"]}
    assert t.state["impulse"][2] == "bleakness-red" and t.state["actions_left"] == 2 and t.state["stacks"][2] == 4


def test_embrace_triggers_a_revelation_when_the_stack_is_empty():
    p = Layout()
    p.stack(2, 0)
    p.place("Ann", "mild-bliss-yellow-embrace")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="embrace", args=[3]))
    t.act(do("pass"))
    assert t.state["phase"] == "revelation"


# -- Counter-acts ---------------------------------------------------------------------------


def test_counter_act_is_offered_clockwise_from_the_left_of_the_acting_player():
    p = Layout(first="Cy")
    p.place("Cy", "mild-bliss-red-draw")
    p.give("Bob", "bleakness-red")
    t = p.table()
    t.act(do("ability", player="Cy", pos=1, ability="draw", args=[]))

    assert t.summary["pending"][0]["player"] == "Ann"
    err = t.refuse(do("pass", player="Bob"), rule="Counter-act: discard a hand emotion of the same vibe")
    assert "Ann answers first" in err.message and "Counter-act" in err.rule
    t.act(do("pass", player="Ann"))
    assert t.summary["pending"][0]["player"] == "Bob"
    t.act(do("cancel", player="Bob", discard="bleakness-red"))
    # cancelled: Cy draws nothing, the fragment stays spent, Draw counts as used
    assert t.state["hands"]["Cy"]["count"] == 4 and t.state["mindsets"]["Cy"][0]["fragments"] == 0
    assert t.state["supply"]["bliss"] == 40 and t.state["abilities_used"] == ["draw"]
    assert t.state["hands"]["Bob"]["count"] == 4 and t.state["discard"]["known"] == ["bleakness-red"]


def test_counter_act_needs_a_discard_of_the_same_vibe():
    p = Layout()
    p.place("Ann", "mild-bliss-red-draw")
    p.give("Bob", "bleakness-blue")
    t = p.table()
    assert "no ability is waiting" in t.refuse(do("cancel", player="Bob",
                                                discard="bleakness-blue"), rule="Counter-act: discard a hand emotion of the same vibe").message
    t.act(do("ability", player="Ann", pos=1, ability="draw", args=[]))
    err = t.refuse(do("cancel", player="Bob", discard="bleakness-blue"), rule="Counter-act: discard a hand emotion of the same vibe")
    assert "bleakness-blue is blue" in err.message and "same vibe" in err.rule
    assert "their own ability" in t.refuse(do("cancel", player="Ann",
                                            discard="brightness-red"), rule="Counter-act: discard a hand emotion of the same vibe").message
    assert "--discard" in t.refuse(do("cancel", player="Bob"), kind=InputError).message


def test_counter_act_cancel_goes_clockwise_from_the_left():
    # Ann acts: Bob (her left) answers first; Cy may cancel only once Bob has passed
    p = Layout()
    p.place("Ann", "mild-bliss-red-draw")
    p.give("Cy", "bleakness-red")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="draw", args=[]))
    assert t.state["pending"][0]["data"]["order"] == ["Bob", "Cy"]
    t.refused("cancel Cy --discard bleakness-red", rule=COUNTER_RULE,
              message="Bob answers first (clockwise from Ann's left)")
    t.refused("pass Cy", rule=COUNTER_RULE, message="Bob answers first")
    assert t.state["hands"]["Cy"]["count"] == 5 and t.summary["pending"][0]["player"] == "Bob"
    t.ok("pass Bob")
    events = t.ok("cancel Cy --discard bleakness-red").text
    assert "Cy discards bleakness-red" in events and "let it pass" not in events
    assert t.state["hands"]["Cy"]["count"] == 4 and t.state["hands"]["Ann"]["count"] == 4


def test_counter_act_cancel_skips_only_a_player_who_cannot_answer():
    # Bob's whole hand is known and holds no red card: Cy is asked first and may cancel
    p = Layout()
    p.hidden("Bob", 0)
    p.give("Bob", "bleakness-blue")
    p.place("Ann", "mild-bliss-red-draw")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="draw", args=[]))
    out = t.ok("cancel Cy --discard strong-gloom-red-drain")
    assert "let it pass" not in out.text and t.state["hands"]["Cy"]["count"] == 3


def test_players_without_cards_are_not_asked_to_counter_act():
    p = Layout()
    for who in ("Bob", "Cy"):
        p.hidden(who, 0)
    p.place("Ann", "mild-bliss-red-draw")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="draw", args=[]))
    assert t.state["pending"] == [] and t.state["hands"]["Ann"]["count"] == 6


def test_while_a_counter_act_is_pending_only_its_answers_are_legal():
    p = Layout()
    p.place("Ann", "mild-bliss-red-draw")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="draw", args=[]))
    err = t.refuse(do("impulse", player="Ann", slot=1), rule="Pending decisions: a counter-act, or Deprive's second discard, is answered before anything else")
    assert "must first answer the counter-act" in err.message

    assert {a["verb"] for a in t.engine.legal_actions(t.state)} <= {"pass", "cancel"}


def test_steal_may_take_nothing_after_looking():
    p = Layout()
    p.place("Ann", "mild-bliss-red-steal")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="steal", args=["Bob"], card="none"))
    events = t.act(do("pass"))
    assert t.state["hands"]["Bob"]["count"] == 4 and t.state["hands"]["Ann"]["count"] == 4
    assert "takes nothing" in said(events)


def test_steal_of_a_shown_card_the_opponent_does_not_hold_is_refused():
    p = Layout()
    p.place("Ann", "mild-bliss-red-steal")
    p.hidden("Bob", 0)
    p.give("Bob", "brightness-blue")
    t = p.table()
    err = t.refuse(do("ability", player="Ann", pos=1, ability="steal", args=["Bob"],
                    card="brightness-red"), rule="Steal: take a card from an opponent's hand")
    assert "known to hold only brightness-blue" in err.message


def test_steal_of_an_unnamed_card_may_have_taken_a_shown_one():
    # Bob shows mild-bliss-red-draw (printed once) and holds 4 hidden cards. Ann steals
    # without saying which card: it may be the shown one, so Bob's hand is no longer known
    # to hold it and Ann may invoke it (hands: Bob 5 - 1 = 4, Ann 4 + 1 = 5, then 4).
    p = Layout()
    p.place("Ann", "mild-bliss-red-steal")
    p.give("Bob", "mild-bliss-red-draw")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="steal", args=["Bob"]))
    t.act(do("pass"))
    assert t.state["hands"]["Bob"] == {"count": 4, "known": []} and t.state["hands"]["Ann"]["count"] == 5
    t.act(do("invoke", player="Ann", card="mild-bliss-red-draw"))
    assert t.state["hands"]["Ann"]["count"] == 4 and t.state["mindsets"]["Ann"][1]["card"] == "mild-bliss-red-draw"


def test_counter_act_reveal_typed_with_an_early_pass_is_kept():
    # Embrace waits on Bob then Cy. Bob passes and types the card turned up from stack 3;
    # Cy passes last: that card, not a drawn one, refills Impulse slot 3 (stack 5 - 1 = 4).
    p = Layout()
    p.place("Ann", "mild-bliss-yellow-embrace")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="embrace", args=[3]))
    t.act(do("pass", player="Bob", reveal=["bleakness-red"]))
    t.act(do("pass", player="Cy"))
    assert t.state["impulse"][2] == "bleakness-red" and t.state["stacks"][2] == 4
    assert [r["source"] for r in results(t)] == ["table"]


def test_drain_of_itself_is_refused_naming_the_drain_rule():
    p = Layout()
    p.place("Ann", "mild-bliss-yellow-drain")
    t = p.table()
    err = t.refuse(do("ability", player="Ann", pos=1, ability="drain", args=["Ann:1", 1]), rule="Drain: from one emotion onto another emotion of yours")
    assert "cannot drain itself" in err.message and "another emotion" in err.rule


def test_reveal_on_an_ability_that_turns_no_card_up_is_refused_at_once():
    # Draw turns no Impulse card face up: a typed --reveal is a mistake caught when the
    # ability is used, not later when the last player passes (which would leave the
    # counter-act unanswerable).
    p = Layout()
    p.place("Ann", "mild-bliss-red-draw")
    p.place("Ann", "mild-bliss-yellow-embrace")
    t = p.table()
    err = t.refuse(do("ability", player="Ann", pos=1, ability="draw", args=[],
                      reveal=["brightness-red"]), kind=InputError)
    assert "--reveal" in err.message
    # Embrace turns one card up at most
    assert "--reveal" in t.refuse(do("ability", player="Ann", pos=2, ability="embrace",
                                     args=[1], reveal=["brightness-red", "brightness-blue"]), kind=InputError).message
    # a typed card that is no card is refused before the fragment is spent
    assert "no vibe" in t.refuse(do("ability", player="Ann", pos=2, ability="embrace",
                                    args=[1], reveal=["brightness-pink"]), kind=InputError).message
    assert t.state["pending"] == [] and t.state["mindsets"]["Ann"][0]["fragments"] == 1


def test_swapped_in_emotion_is_usable_from_its_new_owners_next_turn():
    # Ann swaps her Brightness for Bob's strong-gloom-blue-draw (2 fragments on it): it
    # entered her Mindset this turn, so its Draw waits; Bob's new Brightness has no ability.
    p = Layout()
    p.place("Ann", "mild-bliss-yellow-swap")
    p.place("Ann", "brightness-red")
    p.place("Bob", "strong-gloom-blue-draw")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="swap", args=[2, "Bob:1"]))
    t.act(do("pass"))
    err = t.refuse(do("ability", player="Ann", pos=2, ability="draw", args=[]), rule="Abilities: only emotions in the Mindset since the start of the turn (merged: at once)")
    assert "entered Ann's Mindset this turn" in err.message
    for me in ("Ann", "Bob", "Cy"):
        t.act(do("impulse", player=me, slot=1))
        t.act(do("impulse", player=me, slot=2))
        t.act(do("end-turn"))
    t.act(do("ability", player="Ann", pos=2, ability="draw", args=[]))
    t.act(do("pass"))
    # Ann: 4 dealt + 2 taken from the Impulse + 2 drawn = 8; the Draw emotion keeps 2 - 1 = 1
    assert t.state["hands"]["Ann"]["count"] == 8 and t.state["mindsets"]["Ann"][1]["fragments"] == 1


def test_counter_act_skips_a_player_whose_whole_known_hand_lacks_the_vibe():
    p = Layout()
    p.hidden("Bob", 0)
    p.give("Bob", "bleakness-blue", "strong-gloom-green-drain")  # Bob's whole hand is known
    p.place("Ann", "mild-bliss-red-draw")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="draw", args=[]))
    # Bob holds no red card for sure: only Cy (4 hidden cards) is asked
    assert t.state["pending"][0]["data"]["order"] == ["Cy"]
    assert t.summary["pending"][0]["player"] == "Cy"
    err = t.refuse(do("cancel", player="Bob", discard="bleakness-blue"), rule="Counter-act: discard a hand emotion of the same vibe")
    assert "no red card" in err.message and "Counter-act" in err.rule


def test_counter_act_still_asks_a_known_hand_with_the_vibe_or_a_partly_hidden_hand():
    p = Layout()
    p.hidden("Bob", 0)
    p.give("Bob", "bleakness-red")  # whole hand known, and red
    p.give("Cy", "bleakness-blue")  # known blue card, but 4 hidden cards too
    p.place("Ann", "mild-bliss-red-draw")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="draw", args=[]))
    assert t.state["pending"][0]["data"]["order"] == ["Bob", "Cy"]


def test_counter_act_window_is_not_opened_when_no_hand_can_hold_the_vibe():
    p = Layout()
    for who in ("Bob", "Cy"):
        p.hidden(who, 0)
    p.give("Bob", "brightness-green")
    p.place("Ann", "mild-bliss-red-draw")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="draw", args=[]))
    # nobody can cancel: the Draw resolves at once (Ann 4 + 2 = 6 cards)
    assert t.state["pending"] == [] and t.state["hands"]["Ann"]["count"] == 6
