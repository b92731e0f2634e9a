"""Aggression cards (5.3): Thunderbolts, Storm of Uranus, the Hekatonkheires, and the defeats
they bring on the first or last turn or when one is still held as the Planet completes."""

from __future__ import annotations

from kreus_table import ROUTE, Layout, planet_layout, seated, text, turn

from referee.games.kreus.table import held_aggression
from referee.model.chance import Chance
from referee.model.errors import InputError
from referee.testing import Table


def _turn2_table(*turn_1: str) -> Table:
    """Turn 2's Creation phase on a Table; Bob first. Turn 1 reveals `turn_1` (by default
    four Fire cards, with nothing in play all discarded)."""
    t = seated()
    turn(t, list(turn_1 or ("fire", "fire", "fire", "fire")))
    turn(t, [])
    assert t.state["turn"] == 2 and t.state["round"]["order"][0] == "Bob"
    return t


def _next(t: Table, card: str, **opts) -> list[dict]:
    """The next player in the reveal order reveals `card`."""
    return t.act({"verb": "reveal", "player": t.state["round"]["order"][0], "card": card,
                  **opts})


def test_thunderbolts_discard_the_chosen_element_from_an_incomplete_card():
    t = _turn2_table("atmosphere", "air", "comet", "fire")
    err = t.refuse({"verb": "reveal", "player": "Bob", "card": "thunderbolts"}, kind=InputError)
    assert "--target" in err.message
    t.refuse({"verb": "reveal", "player": "Bob", "card": "thunderbolts", "target": "comet:earth"}, rule="Aggression: Thunderbolts hit an unprotected Element card of an incomplete Nature card")
    _next(t, "thunderbolts", target="comet:fire")
    state = t.state
    assert state["in_play"]["comet"]["elements"] == []
    assert state["in_play"]["atmosphere"]["elements"][0]["card"] == "air"
    assert state["discard"][-2:] == ["thunderbolts", "fire"]


def test_thunderbolts_spare_complete_cards_and_nature_cards_used_as_elements():
    t = _turn2_table("atmosphere", "air", "water", "fire")  # complete
    events = _next(t, "thunderbolts")
    assert "no effect" in text(events) and len(t.state["in_play"]["atmosphere"]["elements"]) == 2


def test_thunderbolts_single_target_needs_no_choice():
    t = _turn2_table("comet", "earth", "water", "water")
    _next(t, "thunderbolts")
    assert t.state["in_play"]["comet"]["elements"] == []


def test_storm_discards_every_element_of_every_incomplete_card():
    t = seated()
    turn(t, ["atmosphere", "air", "water", "comet"])
    turn(t, ["fire", "wind", "air", "water"])  # Fire on Comet, Air on Wind, Water lost
    turn(t, ["storm"])  # turn 3, Cy first
    state = t.state
    assert state["in_play"]["comet"]["elements"] == []
    assert state["in_play"]["wind"]["elements"] == []
    assert len(state["in_play"]["atmosphere"]["elements"]) == 2  # complete: untouched
    assert "storm" in state["discard"]


def test_storm_with_nothing_to_discard_goes_back_to_hand_and_its_player_discards():
    t = _turn2_table()
    who = t.state["round"]["order"][0]
    hand = t.state["hand"][who]
    _next(t, "storm")
    state = t.state
    # back in hand (+1), then a Nature or Element card must go
    assert state["hand"][who] == hand + 1 and state["pool"]["storm"] == 1
    assert [(p["decision"], p["player"]) for p in state["pending"]] == [("storm-discard", who)]
    t.refuse({"verb": "reveal", "player": state["round"]["order"][0], "card": "fire"}, rule="Aggression: the Storm of Uranus' discard comes first")
    t.refuse({"verb": "discard", "player": who, "card": "thunderbolts"}, rule="Aggression: the Storm's player discards a Nature or Element card")
    t.refuse({"verb": "discard", "player": "Dee", "card": "fire"}, rule="Aggression: the Storm of Uranus' discard comes first")
    t.act({"verb": "discard", "player": who, "card": "fire"})
    state = t.state
    assert state["hand"][who] == hand and state["pending"] == []
    assert state["round"]["order"][0] != who


def test_storm_discard_can_be_given_up_front():
    t = _turn2_table()
    _next(t, "storm", discard="water")
    assert t.state["pending"] == [] and t.state["discard"][-1] == "water"


def test_storm_discard_named_only_when_it_blows_nothing_away_the_one_command_form_is_listed():
    # Aggression: the Storm's player discards only when it blows nothing away; then the discard
    # may come with the reveal, and the exact list holds that form for each card it may name
    t = _turn2_table()
    forms = [a for a in t.engine.legal_for(t.state, "reveal") if a.get("card") == "storm"]
    after = t.engine.copy(t.state)
    t.engine.apply(after, {"verb": "reveal", "player": "Bob", "card": "storm"}, Chance("1", 1))
    choices = after["pending"][0]["choices"]
    # Bob's 8 other cards cannot all be Aggression cards (4 are unseen): no `none`
    assert "water" in choices and "none" not in choices and "thunderbolts" not in choices
    assert sorted(a.get("discard", "") for a in forms) == sorted(["", *choices])
    for a in forms:
        t.act(a, dry_run=True)
    blows = _turn2_table("comet", "fire", "water", "water")  # the Storm blows the Fire away
    assert [a for a in blows.engine.legal_for(blows.state, "reveal")
            if a.get("card") == "storm"] == [{"verb": "reveal", "player": "Bob", "card": "storm"}]


def test_hekatonkheires_discard_elements_and_aggression_until_a_nature_card():
    t = _turn2_table("atmosphere", "air", "fire", "fire")
    _next(t, "hekatonkheires")
    assert t.state["hek"]
    _next(t, "water")  # Atmosphere needs it, but the Hekatonkheires rage
    assert "water" in t.state["discard"] and t.state["hek"]
    events = _next(t, "thunderbolts")
    assert "no effect" in text(events) and t.state["in_play"]["atmosphere"]["elements"]
    _next(t, "comet")
    state = t.state
    assert not state["hek"] and "comet" in state["in_play"]
    assert "hekatonkheires" in state["discard"]


def test_hekatonkheires_last_across_turns():
    t = _turn2_table()
    for card in ("hekatonkheires", "fire", "fire", "air"):
        _next(t, card)
    assert t.state["turn"] == 3 and t.state["hek"]
    turn(t, ["atmosphere", "air"])
    state = t.state
    assert not state["hek"] and state["in_play"]["atmosphere"]["elements"][0]["card"] == "air"


def test_hekatonkheires_end_on_a_nature_card_played_as_an_element():
    t = _turn2_table("atmosphere", "air", "fire", "fire")
    _next(t, "hekatonkheires")
    _next(t, "rainbow", **{"as": "water"})
    assert not t.state["hek"] and t.state["in_play"]["atmosphere"]["complete"]


def test_aggression_on_the_first_turn_loses_at_once():
    t = seated()
    t.act({"verb": "ready"})
    events = t.act({"verb": "reveal", "player": "Ann", "card": "hekatonkheires"})
    state = t.state
    assert state["over"] and state["outcome"] == "defeat"
    assert "first turn" in text(events)


def test_aggression_on_the_last_turn_loses_at_once():
    # 3 players (36 cards): hands of 4, the rest discarded as if in earlier turns, sparing the
    # cards revealed here; the last turn is turn 4, when every hand is down to 1 card
    t = Layout(3, tokens=[0, 0]).hands(4, spare=("fire",) * 4 + ("air", "water")).table()
    turn(t, ["fire", "fire", "fire"])  # nothing in play: all discarded
    turn(t, ["hekatonkheires", "thunderbolts", "thunderbolts"])
    turn(t, ["storm", "fire", "air"])  # all swallowed by the Hekatonkheires
    state = t.state
    assert state["turn"] == 4 and state["hek"]
    turn(t, [])
    state = t.state
    assert state["round"]["last_turn"] and state["round"]["order"][0] == "Ann"
    t.act({"verb": "reveal", "player": "Ann", "card": "water"})
    events = t.act({"verb": "reveal", "player": "Bob", "card": "thunderbolts"})
    state = t.state
    assert state["outcome"] == "defeat" and state["over"]
    assert "last turn" in text(events)


def test_planet_complete_with_aggression_cards_unseen_is_a_defeat_decided_without_asking():
    """Every card leaves a hand face up, so an Aggression card never seen is still
    held. The 7-turn route completes the Planet with all 5 unseen: defeat, no question."""
    t = planet_layout().table()  # ROUTE's turn 7
    events = turn(t, ROUTE[6])
    state = t.state
    assert state["over"] and state["pending"] == [] and state["outcome"] == "defeat"
    assert state["aggression_held"] is True
    assert "5 Aggression cards were never seen" in text(events)
    err = t.refuse({"verb": "end", "aggression_held": True}, rule="End of the game")
    assert "game is over" in err.message


def test_nature_card_used_as_an_element_is_immune_to_aggression():
    # Atmosphere (needs Air, Water) holds a Bird standing for Air: incomplete, Bird immune
    t = _turn2_table("atmosphere", "fire", "fire", "fire")
    t.act({"verb": "reveal", "player": "Bob", "card": "bird", "as": "air"})
    events = t.act({"verb": "reveal", "player": "Cy", "card": "thunderbolts"})
    assert "no effect" in text(events)
    t.act({"verb": "reveal", "player": "Dee", "card": "storm"})
    state = t.state
    assert state["in_play"]["atmosphere"]["elements"][0]["card"] == "bird"
    assert [(p["decision"], p["player"]) for p in state["pending"]] == [("storm-discard", "Dee")]


def test_planet_complete_while_only_aggression_cards_are_held_is_a_defeat_without_asking():
    """The referee knows the deck: when every card still held is an Aggression card, one is
    certainly held, so completing the Planet is a defeat, decided without asking.

    ROUTE's turn 7, laid out: 40 - 6 x 4 = 16 cards held, 4 each, less 7 discarded (Ann 1,
    the others 2 each), sparing one Fire, Air, Earth, Water for the turn: 9 held, 4 of them
    the Elements that complete the Planet; after those 4 reveals the 5 left are the 5
    Aggression cards (3 Thunderbolts, Storm, Hekatonkheires).
    """
    t = planet_layout(Ann=3, Bob=2, Cy=2, Dee=2).table()
    events = turn(t, ROUTE[6])
    state = t.state
    assert state["over"] and state["pending"] == [] and state["outcome"] == "defeat"
    assert sum(state["pool"].values()) == 5 == held_aggression(state)
    assert "5 Aggression cards were never seen" in text(events)


def test_status_shows_who_discards_for_the_storm_not_who_reveals():
    from referee.games.kreus import render

    t = _turn2_table()
    who = t.state["round"]["order"][0]
    _next(t, "storm")
    row = next(line for line in render.render(t.state).splitlines() if line.split()[1:2] == [who])
    assert "to discard (Storm of Uranus)" in row and "reveals next" not in row


def test_thunderbolts_target_is_checked_the_same_way_when_nothing_can_be_hit():
    """A typed target must be an Element card the bolt could hit, whether or not another one
    could be hit: nothing lies on an incomplete card here, so any target is refused."""
    t = _turn2_table("atmosphere", "air", "water", "fire")  # complete: nothing can be hit
    err = t.refuse({"verb": "reveal", "player": "Bob", "card": "thunderbolts",
                    "target": "atmosphere:air"}, rule="Aggression: Thunderbolts hit an unprotected Element card of an incomplete Nature card")
    assert (err.rule or "").startswith("Aggression: Thunderbolts hit")
    assert "no Element card can be hit now" in err.message
    t.refuse({"verb": "reveal", "player": "Bob", "card": "thunderbolts",
              "target": "comet:fire"}, rule="Aggression: Thunderbolts hit a Nature card in play")  # not in play
    events = _next(t, "thunderbolts")  # without a target: no effect
    assert "no effect" in text(events)


def test_thunderbolts_target_is_checked_under_the_hekatonkheires_too():
    t = _turn2_table("comet", "fire", "water", "water")
    _next(t, "hekatonkheires")
    t.refuse({"verb": "reveal", "player": "Cy", "card": "thunderbolts", "target": "comet:earth"}, rule="Aggression: Thunderbolts hit an unprotected Element card of an incomplete Nature card")
    events = _next(t, "thunderbolts", target="comet:fire")
    assert "no effect" in text(events) and t.state["in_play"]["comet"]["elements"]


def test_reveal_options_that_do_not_fit_the_card_are_refused():
    t = _turn2_table("comet", "fire", "water", "water")
    for card, opts in (("earth", {"target": "comet:fire"}), ("earth", {"discard": "water"}),
                       ("thunderbolts", {"discard": "water"}), ("storm", {"on": "comet"}),
                       ("hekatonkheires", {"target": "comet:fire"})):
        t.refuse({"verb": "reveal", "player": "Bob", "card": card, **opts},
                 rule="Creation: a reveal's options must fit the card revealed")


def test_storm_discard_is_named_only_when_the_storm_blows_nothing_away():
    t = _turn2_table("comet", "fire", "water", "water")  # the Storm blows the Fire away
    err = t.refuse({"verb": "reveal", "player": "Bob", "card": "storm", "discard": "water"}, rule="Aggression: the Storm's player discards only when it blows nothing away")
    assert err.rule == "Aggression: the Storm's player discards only when it blows nothing away"
    _next(t, "storm")
    assert t.state["pending"] == [] and t.state["in_play"]["comet"]["elements"] == []


def test_storm_discard_is_not_the_divination_discard_for_a_token():
    t = seated()
    turn(t, ["fire", "fire", "fire", "fire"])
    t.act({"verb": "discard", "player": "Bob", "card": "air"})  # turn 2, Divination: Bob's one
    turn(t, ["storm"])  # Bob, first: nothing to blow away, back in hand
    t.act({"verb": "discard", "player": "Bob", "card": "water"})
    assert t.state["pending"] == [] and t.state["discard"][-1] == "water"


def test_a_single_copy_card_seen_twice_is_named_properly():
    t = _turn2_table()
    _next(t, "hekatonkheires")
    err = t.refuse({"verb": "reveal", "player": "Cy", "card": "hekatonkheires"}, rule="Cards: the deck holds only so many copies of each card")
    assert err.message.startswith("The Hekatonkheires, the only one in this deck, is already "
                                  "accounted for")
    assert "every The" not in err.message and err.message.endswith("cannot be it")
