"""Cerebria at the table (issue 12): short names that identify one card, emotions and Impulse
cards named instead of shifting positions, `pass all`, and no counter-act window that
nobody can answer. Hands follow the Layout; the default Impulse is
mild-bliss-red-destroy, strong-gloom-blue-steal, brightness-green."""

from __future__ import annotations

from cerebria_table import IMPULSE, Layout, do, said

from referee.games.cerebria import cards
from referee.games.cerebria.flow import COUNTER_RULE
from referee.games.cerebria.names import INVOKE_RULE
from referee.testing import Table

# -- Cards named short ---------------------------------------------------------------------


def test_a_short_name_is_enough_when_one_card_the_hand_can_hold_fits_it():
    # Ann's whole hand is known: yellow-draw fits only strong-bliss-yellow-draw
    t = Layout().hidden("Ann", 0).give("Ann", "strong-bliss-yellow-draw", "bleakness-red").table()
    t.ok("invoke Ann yellow-draw")
    assert t.state["mindsets"]["Ann"][0]["card"] == "strong-bliss-yellow-draw"
    # the log keeps the card in full
    assert t.loaded.records[-1]["action"]["card"] == "strong-bliss-yellow-draw"
    t.ok("invoke Ann bleak")  # the one Bleakness she holds
    assert t.state["hands"]["Ann"] == {"count": 0, "known": []}


def test_a_short_name_that_fits_several_cards_is_refused_listing_them():
    # Ann's 4 cards are hidden: each yellow Draw card not yet seen may be among them
    t = Layout().table()
    t.refused("invoke Ann yellow-draw", code=2,
              message="'yellow-draw' fits two cards in Ann's hand: strong-bliss-yellow-draw, "
                      "strong-gloom-yellow-draw")
    t.ok("invoke Ann s-bl-yel-draw")  # a unique start of each part picks one
    assert t.state["mindsets"]["Ann"][0]["card"] == "strong-bliss-yellow-draw"


def test_a_shown_card_is_not_picked_when_a_hidden_card_could_fit_the_name_too():
    # Ann shows strong-bliss-yellow-draw but also holds 4 hidden cards: yellow-draw could
    # be the gloom one in her hidden hand, so the referee asks instead of guessing
    t = Layout().give("Ann", "strong-bliss-yellow-draw").table()
    t.refused("invoke Ann yellow-draw", code=2, message="strong-gloom-yellow-draw")


def test_a_misspelt_full_name_still_says_what_is_wrong_with_it():
    t = Layout().table()
    t.refused("invoke Ann mild-bliss-pink-draw", code=2, message="no vibe 'pink'")
    t.refused("invoke Ann purple", code=2, message="no card in Ann's hand matches 'purple'")


def test_a_counter_act_discard_is_named_short_within_the_vibe():
    # Draw from a red emotion: among the red cards Bob's hand can hold, `bleak` is
    # bleakness-red only
    p = Layout().give("Bob", "bleakness-red")
    p.place("Ann", "mild-bliss-red-draw")
    t = p.table()
    t.ok("ability Ann draw")
    # `blue` names only blue cards: a rule is broken whichever one is meant (exit 1)
    t.refused("cancel Bob --discard blue", rule=COUNTER_RULE,
              message="no card in Bob's hand of the red vibe matches 'blue'")
    out = t.ok("cancel Bob --discard bleak")
    assert "Bob discards bleakness-red" in out.text
    assert t.loaded.records[-1]["action"]["discard"] == "bleakness-red"


def test_a_typed_refill_and_a_kept_card_may_be_named_short():
    p = Layout().stack(0, 0).give("Ann", "brightness-blue", "bleakness-red")
    t = p.table()
    t.ok("impulse Ann destroy")  # slot 1's card; its stack is empty: Revelation
    assert t.state["phase"] == "revelation"
    # Ann holds 4 + 2 + 1 = 7; she keeps the shown Brightness (the only shown one)
    t.ok("next-cycle --keep bright --reveal bleakness-green --reveal s-gl-yel-steal "
         "--reveal brightness-yellow")
    assert t.state["hands"]["Ann"]["known"] == ["brightness-blue"]
    assert t.state["impulse"] == ["bleakness-green", "strong-gloom-yellow-steal",
                                  "brightness-yellow"]


# -- Impulse cards and emotions named instead of positions -----------------------------------


def test_an_impulse_card_may_be_named_instead_of_its_slot():
    t = Layout().table()
    t.ok("impulse Ann steal")
    assert t.state["hands"]["Ann"]["known"] == [IMPULSE[1]]
    t.refused("impulse Ann mild-bliss-red-draw", code=1, message="is not face up in the Impulse", rule="Impulse: one of the face-up cards")
    # named short, a card that is not face up breaks the same rule (exit 1, not a usage error)
    t.refused("impulse Ann red-draw", rule="Impulse: one of the face-up cards",
              message="no card in the Impulse matches 'red-draw'")


def test_an_emotion_named_by_its_card_stays_right_after_a_discard_shifts_positions():
    # Ann: 1 brightness-blue, 2 mild-bliss-red-draw. Making room discards the Brightness,
    # so the Draw emotion moves to position 1: the old number 2 now hits the new card.
    p = Layout().give("Ann", "bleakness-red")
    p.place("Ann", "brightness-blue")
    p.place("Ann", "mild-bliss-red-draw")
    t = p.table()
    t.ok("invoke Ann bleakness-red --discard bright")
    assert [e["card"] for e in t.state["mindsets"]["Ann"]] == ["mild-bliss-red-draw",
                                                               "bleakness-red"]
    t.refused("ability Ann 2 draw", code=1, message="has no ability", rule="Brightness/Bleakness have no ability")
    t.ok("ability Ann red-draw draw")
    assert t.state["mindsets"]["Ann"][0]["fragments"] == 0


def test_an_ability_named_alone_uses_the_one_emotion_that_gives_it():
    p = Layout()
    p.place("Ann", "brightness-blue")
    p.place("Ann", "mild-bliss-yellow-embrace")
    t = p.table()
    t.ok("ability Ann embrace 3 --absorb bright")  # position 2 embraces slot 3's card
    t.ok("pass all")
    assert t.state["hands"]["Ann"]["known"] == ["brightness-green"]
    assert t.state["mindsets"]["Ann"][0]["absorbed"] == 1


def test_an_ability_two_ready_emotions_give_is_refused_until_one_is_named():
    p = Layout()
    p.place("Ann", "mild-bliss-red-draw")
    p.place("Ann", "mild-gloom-red-draw")
    t = p.table()
    t.refused("ability Ann draw", code=2, message="1: mild-bliss-red-draw, 2: mild-gloom-red-draw")
    t.ok("ability Ann gloom draw")
    assert t.state["mindsets"]["Ann"][1]["fragments"] == 0


def test_a_target_may_name_the_emotion_by_its_card():
    p = Layout()
    p.place("Ann", "mild-bliss-green-destroy")
    p.place("Bob", "brightness-red")
    p.place("Bob", "strong-gloom-red-drain")
    t = p.table()
    t.ok("ability Ann destroy Bob:drain")
    t.ok("pass all")
    assert [e["card"] for e in t.state["mindsets"]["Bob"]] == ["brightness-red"]


# -- pass all, and no window nobody can answer -------------------------------------------------


def test_pass_all_answers_the_window_for_everyone_left_in_one_logged_action():
    p = Layout()
    p.place("Ann", "mild-bliss-red-draw")
    t = p.table()
    t.ok("ability Ann draw")
    before = t.log_length()
    out = t.ok("pass all")
    assert "Bob, Cy pass. No counter-act." in out.text
    assert t.log_length() == before + 1 and t.state["pending"] == []
    assert t.state["hands"]["Ann"]["count"] == 6  # the Draw resolved: 4 + 2
    # the log reads it as everyone passing
    assert t.engine.describe(t.loaded.records[-1]["action"]) == "pass all"


def test_pass_all_after_one_pass_answers_for_the_rest():
    p = Layout()
    p.place("Ann", "mild-bliss-red-draw")
    t = p.table()
    t.act(do("ability", player="Ann", ability="draw", args=[]))
    t.act(do("pass", player="Bob"))
    events = t.act(do("pass", player="all"))
    assert "Cy passes. No counter-act." in said(events)


def test_no_window_opens_when_every_card_of_the_vibe_is_in_sight():
    # A deck whose only red card is mild-bliss-red-draw: once it is in Ann's Mindset, no
    # hidden hand can hold a red card, so nobody is asked and the Draw resolves at once.
    deck: dict[str, int] = {}
    for card, n in cards.default_deck().items():
        if cards.vibe(card) == "red" and card != "mild-bliss-red-draw":
            card = card.replace("-red", "-blue")
        deck[card] = deck.get(card, 0) + n
    p = Layout(deck={"cards": deck},
               impulse=["strong-gloom-blue-steal", "brightness-green", "brightness-blue"])
    p.place("Ann", "mild-bliss-red-draw")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="draw", args=[]))
    assert t.state["pending"] == [] and t.state["hands"]["Ann"]["count"] == 6
    # while another vibe still has unseen cards, a hidden hand is asked as before
    p = Layout(deck={"cards": deck},
               impulse=["strong-gloom-blue-steal", "brightness-green", "brightness-blue"])
    p.place("Ann", "strong-bliss-blue-draw")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="draw", args=[]))
    assert t.state["pending"][0]["data"]["order"] == ["Bob", "Cy"]


# -- A broken rule is exit 1, whatever way the card is named ----------------------------------


def test_invoke_takes_a_card_from_your_hand_even_when_it_is_named_short():
    # Ann's whole hand is known: bleakness-red. A short name that fits one card of the
    # deck is refused like the card in full: the rule, exit 1 (it was a usage error)
    p = Layout().hidden("Ann", 0).give("Ann", "bleakness-red")
    t = p.table()
    full = t.refused("invoke Ann strong-gloom-blue-steal", rule=INVOKE_RULE)
    short = t.refused("invoke Ann s-gl-blue-steal", rule=INVOKE_RULE)
    assert short.error["message"] == full.error["message"]
    # a short name that fits several cards of the deck, none of them in the hand
    t.refused("invoke Ann steal", rule=INVOKE_RULE,
              message="no card in Ann's hand matches 'steal'")
    # no card at all is still a usage error
    t.refused("invoke Ann purple", code=2, message="no card in Ann's hand matches 'purple'")


def test_a_mindset_holds_at_most_4_emotions_in_the_vibes_calculator():
    with Table("cerebria") as t:
        t.refused("vibes red red red red red", rule="Mindset: at most 4 emotions",
                  message="5 vibes given")
        t.refused("vibes red pink", code=2)  # no such vibe: malformed
