"""Incarnation mode (8.1): Titan faces, uses per game, the phase of each power, the Level II
(male) / Level III (female) restriction, and every power's effect."""

from __future__ import annotations

import pytest
from kreus_table import TITANS, Layout, seated, text, titans, turn

from referee.testing import Table

DEFAULT = TITANS


def incarnated(chosen: dict[str, str], n: int = 4, **options) -> Table:
    """Setup with a Titan each (`Ann: cronus`); Ann is First Player; tokens 2, 2, 2, rest 1."""
    return titans(seated(n, tokens=[2, 2, 2][: n - 1], incarnation=True, **options), chosen)


def _table(**changes) -> Table:
    return incarnated({**DEFAULT, **changes})


def _reveal(t: Table, *cards: str) -> list[dict]:
    """The next players in the reveal order reveal these cards."""
    events: list[dict] = []
    for card in cards:
        events += t.act({"verb": "reveal", "player": t.state["round"]["order"][0], "card": card})
    return events


def _laid(*turn_1: str, **titans: str) -> Table:
    """Dee First Player lays out turn 1 (Fire and Air are lost while nothing needs them), so
    turn 2, Divination, starts with Ann."""
    t = incarnated({**DEFAULT, **titans}, first="Dee")
    turn(t, list(turn_1))
    assert t.state["turn"] == 2 and t.state["players"][t.state["first"]] == "Ann"
    return t


def test_male_titan_cannot_play_level_two_cards():
    t = _laid("atmosphere", "air", "water", "fire", Ann="hyperion", Bob="rhea")
    turn(t, [])
    events = t.act({"verb": "reveal", "player": "Ann", "card": "wind"})
    assert "wind" in t.state["discard"] and "male Titan" in text(events)


def test_male_titan_may_play_level_three_and_female_level_two():
    t = _laid("atmosphere", "air", "water", "fire")
    turn(t, [])
    t.act({"verb": "reveal", "player": "Ann", "card": "comet"})  # Level I: anyone
    t.act({"verb": "reveal", "player": "Bob", "card": "wind"})  # Theia, female: Level II fine
    assert "wind" in t.state["in_play"]


def test_female_titan_cannot_play_level_three_even_as_an_element():
    t = _laid("comet", "fire", "air", "air")  # Comet needs Earth; Bird shows Earth
    turn(t, [])
    t.act({"verb": "reveal", "player": "Ann", "card": "fire"})
    events = t.act({"verb": "reveal", "player": "Bob", "card": "bird", "as": "earth"})
    state = t.state
    assert "bird" in state["discard"] and "female Titan" in text(events)
    assert state["in_play"]["comet"]["elements"] == [
        {"element": "fire", "card": "fire", "protected": False}]


def test_power_uses_are_limited():
    t = _table(Cy="coeus")  # Coeus: 2 uses
    t.act({"verb": "power", "player": "Cy", "titan": "coeus", "direction": "left"})
    t.act({"verb": "power", "player": "Cy", "direction": "right"})
    err = t.refuse({"verb": "power", "player": "Cy", "direction": "left"}, rule="Incarnation: a power has limited uses")
    assert "limited uses" in (err.rule or "")


def test_power_belongs_to_its_phase():
    t = _table()
    turn(t, [])
    err = t.refuse({"verb": "power", "player": "Cy", "on": "Ann"}, rule="Incarnation: each power has its phase")  # Phoebe: Divination only
    assert "phase" in (err.rule or "")
    err = _table().refuse({"verb": "power", "player": "Dee"}, rule="Incarnation: each power has its phase")  # Tethys: Creation only
    assert "phase" in (err.rule or "")


def test_power_of_another_titan_is_refused():
    err = _table().refuse({"verb": "power", "player": "Ann", "titan": "rhea"}, rule="Incarnation: Titan powers")
    assert "incarnates Cronus" in err.message


def test_cronus_places_two_cards_plays_both_then_sits_out_a_turn():
    t = _table()
    t.act({"verb": "power", "player": "Ann"})
    t.act({"verb": "ready"})
    assert t.state["face_down"]["Ann"] == 2 and t.state["hand"]["Ann"] == 8
    t.act({"verb": "next"})
    t.act({"verb": "reveal", "player": "Ann", "card": "atmosphere"})
    assert t.state["round"]["order"][0] == "Ann"  # her second card comes next
    t.act({"verb": "reveal", "player": "Ann", "card": "air"})
    for who, card in (("Bob", "water"), ("Cy", "comet"), ("Dee", "fire")):
        t.act({"verb": "reveal", "player": who, "card": card})
    assert t.state["turn"] == 2
    t.refuse({"verb": "ready", "player": "Ann"}, rule="Incarnation: Cronus skips the turn after his power")
    t.act({"verb": "ready"})
    assert t.state["face_down"]["Ann"] == 0 and t.state["hand"]["Ann"] == 8


def test_hyperion_plays_an_element_as_any_element():
    t = _laid("atmosphere", "air", "fire", "fire", Ann="hyperion", Bob="rhea")
    turn(t, [], [("power", {"player": "Ann"})])
    events = t.act({"verb": "reveal", "player": "Ann", "card": "fire", "as": "water"})
    assert t.state["in_play"]["atmosphere"]["complete"] and "Hyperion" in text(events)


def test_without_hyperion_an_element_is_only_itself():
    t = _laid("atmosphere", "air", "fire", "fire")
    turn(t, [])
    err = t.refuse({"verb": "reveal", "player": "Ann", "card": "fire", "as": "water"}, rule="Creation: Aether is the wild Element")
    assert "Aether" in (err.rule or "")


def test_iapetus_replays_the_elements_discarded_this_phase():
    t = _table(Ann="iapetus", Bob="rhea")
    turn(t, [])
    t.act({"verb": "power", "player": "Ann"})
    # Fire and Water find no card; Atmosphere enters; Dee's Air lands on it
    events = _reveal(t, "fire", "water", "atmosphere", "air")
    assert t.state["round"]["replay"] == ["fire", "water"] and t.state["turn"] == 1
    assert "Iapetus" in text(events)
    t.refuse({"verb": "reveal", "player": "Bob", "card": "fire"}, rule="Incarnation: Iapetus replays the recovered Elements")
    t.refuse({"verb": "reveal", "player": "Ann", "card": "earth"}, rule="Incarnation: Iapetus replays what was discarded this phase")
    t.act({"verb": "reveal", "player": "Ann", "card": "water"})  # now Atmosphere takes it
    assert t.state["in_play"]["atmosphere"]["complete"]
    t.act({"verb": "reveal", "player": "Ann", "card": "fire"})  # still no taker: discarded
    assert t.state["turn"] == 2 and t.state["discard"] == ["fire"]


def test_iapetus_is_declared_before_the_first_reveal():
    t = _table(Ann="iapetus", Bob="rhea")
    turn(t, ["comet"])
    t.refuse({"verb": "power", "player": "Ann"}, rule="Incarnation: Iapetus is declared at the start of Creation")


def test_coeus_moves_the_first_player_card():
    t = _table(Cy="coeus")
    turn(t, [], [("power", {"player": "Cy", "direction": "right"})])
    assert t.state["round"]["order"] == ["Dee", "Ann", "Bob", "Cy"]


def test_oceanus_switches_two_players_in_this_turns_order():
    t = _table(Dee="oceanus", Cy="phoebe")
    t.refuse({"verb": "power", "player": "Dee", "swap": ["Ann"]},
             rule="Incarnation: Oceanus switches two players")
    turn(t, [], [("power", {"player": "Dee", "swap": ["Ann", "Cy"]})])
    assert t.state["round"]["order"] == ["Cy", "Bob", "Ann", "Dee"]


def test_rhea_places_her_card_where_she_chooses():
    t = _table(Ann="rhea", Bob="theia")
    turn(t, [], [("power", {"player": "Ann", "position": 4})])
    assert t.state["round"]["order"] == ["Bob", "Cy", "Dee", "Ann"]


def test_crius_may_play_aggression_on_the_first_turn():
    t = _table(Ann="crius", Bob="theia")
    turn(t, [], [("power", {"player": "Ann"})])
    events = t.act({"verb": "reveal", "player": "Ann", "card": "thunderbolts"})
    assert not t.state["over"] and "no effect" in text(events)


def test_crius_is_declared_only_on_the_first_or_last_turn():
    t = _table(Ann="crius", Bob="theia")
    turn(t, ["fire", "fire", "fire", "fire"])
    err = t.refuse({"verb": "power", "player": "Ann"}, rule="Incarnation: Crius is declared on the first or last turn")
    assert "first or the last" in err.message


def test_theia_shows_cards_free_and_blocks_themis_bets():
    t = _table(Bob="theia", Ann="themis", Cy="phoebe")
    t.act({"verb": "power", "player": "Bob", "to": ["Cy", "Dee"]})
    assert t.state["tokens"]["Bob"] == 2
    t.act({"verb": "ready"})
    err = t.refuse({"verb": "power", "player": "Ann", "on": "Bob", "card": "fire"}, rule="Incarnation: Themis never bets on a player who showed a card")
    assert "shown a card" in err.message


def test_themis_bet_right_returns_the_stake_and_the_gain():
    t = _table(Ann="themis", Bob="rhea")
    t.act({"verb": "ready"})
    t.act({"verb": "power", "player": "Ann", "on": "Bob", "card": "comet", "gain": 2})
    assert t.state["tokens"]["Ann"] == 1  # 2 - 1 staked
    t.act({"verb": "next"})
    t.act({"verb": "reveal", "player": "Ann", "card": "fire"})
    # the Reserve is empty (2+2+2+1 = 7 taken): the gain of 2 is capped at 0, the stake returns
    events = t.act({"verb": "reveal", "player": "Bob", "card": "comet"})
    assert t.state["tokens"]["Ann"] == 2 and "right" in text(events)


def test_themis_right_guess_takes_the_gain_from_the_reserve():
    t = _table(Ann="themis", Bob="rhea")
    t.act({"verb": "ready"})
    t.act({"verb": "power", "player": "Ann", "on": "Bob", "card": "fire", "gain": 2})
    t.act({"verb": "show-card", "player": "Cy", "to": "Dee"})  # Reserve 1
    t.act({"verb": "next"})
    _reveal(t, "water", "fire")
    # Ann: 2 - 1 staked, + 1 stake back + min(2, Reserve 1) = 3
    assert t.state["tokens"]["Ann"] == 3 and t.state["reserve"] == 0


def test_themis_bet_wrong_stake_goes_to_the_reserve():
    t = _table(Ann="themis", Bob="rhea")
    t.act({"verb": "ready"})
    t.act({"verb": "power", "player": "Ann", "on": "Cy", "card": "planet"})
    t.act({"verb": "next"})
    events = _reveal(t, "fire", "fire", "water")
    assert t.state["tokens"]["Ann"] == 1 and t.state["reserve"] == 1 and "wrong" in text(events)


def test_phoebe_looks_at_a_face_down_card():
    t = _table()
    t.refuse({"verb": "power", "player": "Cy", "on": "Ann"}, rule="Incarnation: Phoebe looks at a face-down card")  # nothing face down yet
    t.act({"verb": "ready"})
    t.act({"verb": "power", "player": "Cy", "on": "Ann"})
    assert t.state["titans"]["Cy"]["used"] == 1


def test_tethys_protects_an_element_until_its_card_is_complete():
    t = _laid("comet", "air", "air", "air")
    turn(t, [], [("show-card", {"player": "Ann", "to": "Bob"})])  # Reserve 0 -> 1
    t.act({"verb": "reveal", "player": "Ann", "card": "fire"})
    t.act({"verb": "power", "player": "Dee"})
    assert t.state["in_play"]["comet"]["elements"][0]["protected"] and t.state["reserve"] == 0
    err = t.refuse({"verb": "power", "player": "Dee"}, rule="Incarnation: one Tethys token per Element")
    assert "already protected" in err.message
    _reveal(t, "air", "water", "water")  # nothing needs them
    events = turn(t, ["thunderbolts", "water", "air", "water"])
    assert "no effect" in text(events)
    assert t.state["in_play"]["comet"]["elements"][0]["card"] == "fire"  # spared
    events = turn(t, ["earth"])
    # Comet complete: Tethys' token goes back (Reserve 0 -> 1); tokens 1+2+2+1 + 1 = 7
    assert t.state["in_play"]["comet"]["complete"] and t.state["reserve"] == 1
    assert "Tethys" in text(events)


def test_tethys_needs_a_reserve_token():
    t = _laid("comet", "air", "air", "air")
    turn(t, ["fire"])  # Reserve 0; Ann's Fire goes on Comet
    err = t.refuse({"verb": "power", "player": "Dee"}, rule="Incarnation: Tethys' token comes from the Reserve")
    assert "Reserve is empty" in err.message


def test_mnemosyne_swaps_with_the_discard_for_free():
    t = _table(Ann="mnemosyne", Bob="rhea")
    t.act({"verb": "discard", "player": "Bob", "card": "comet"})
    t.act({"verb": "power", "player": "Ann", "card": "comet", "give": "air"})
    assert t.state["tokens"]["Ann"] == 2 and t.state["discard"] == ["air"]


@pytest.mark.parametrize("titan", ["cronus", "hyperion", "iapetus", "coeus", "oceanus", "crius"])
def test_male_faces(titan):
    t = incarnated({"Ann": titan, "Bob": "theia" if titan != "hyperion" else "rhea",
                    "Cy": "phoebe" if titan != "coeus" else "rhea",
                    "Dee": "themis" if titan != "iapetus" else "rhea"})
    assert t.state["titans"]["Ann"]["face"] == "male"


def test_tethys_protects_the_last_element_of_the_turn():
    """The turn ends by itself after the last reveal, so Tethys protects that Element on the
    reveal itself (`reveal ... --tethys`); Volatile or not, it then survives the end of turn.

    Reserve: 7 - 2 - 2 - 2 = 1 goes to Dee, 0 left; Ann shows a card (+1) = 1; Tethys' token
    leaves it = 0. Comet keeps its Volatile Fire, protected, into turn 2.
    """
    p = Layout(4, tokens=[2, 2, 2], incarnation=True, altered=True).play("comet")
    t = titans(p.table(), DEFAULT)
    t.act({"verb": "show-card", "player": "Ann", "to": "Bob"})
    turn(t, [])
    for who in ("Ann", "Bob", "Cy"):
        t.act({"verb": "reveal", "player": who, "card": "water"})  # nothing needs Water: lost
    events = t.act({"verb": "reveal", "player": "Dee", "card": "volatile-fire", "tethys": True})
    state = t.state
    assert state["turn"] == 2 and state["reserve"] == 0
    assert state["in_play"]["comet"]["elements"] == [
        {"element": "fire", "card": "volatile-fire", "protected": True}]
    assert state["titans"]["Dee"]["used"] == 1
    assert "Tethys" in text(events) and "discarded (Volatile)" not in text(events)


def test_tethys_on_a_reveal_needs_tethys_and_an_element_put_into_play():
    t = _laid("comet", "air", "air", "air", Dee="themis")
    turn(t, [])
    err = t.refuse({"verb": "reveal", "player": "Ann", "card": "fire", "tethys": True}, rule="Incarnation: Tethys protects an Element")
    assert "Tethys" in (err.rule or "")
    t = _laid("comet", "air", "air", "air")
    turn(t, [], [("show-card", {"player": "Ann", "to": "Bob"})])
    err = t.refuse({"verb": "reveal", "player": "Ann", "card": "water", "tethys": True}, rule="Incarnation: Tethys protects an Element as it is put into play")
    assert "Tethys" in (err.rule or "")  # lost, not in play


def test_crius_declared_on_the_last_turn_when_cronus_places_his_last_two_cards():
    """Turn 2: Ann (Cronus) keeps 2 cards, Bob, Cy, Dee 1 each. Ann declares Cronus and puts
    both face down, the others their last card: no hand holds a card after this turn, so it
    is the last turn and Crius (Bob) may be declared. 40 cards: 35 Nature/Element cards are
    discarded (31 laid out in the discard pile, as if in earlier turns, and turn 1's four
    Fire), leaving the 5 Aggression cards in the 5 hand cards."""
    p = Layout(4, tokens=[2, 2, 2], incarnation=True).hands(
        {"Ann": 3, "Bob": 2, "Cy": 2, "Dee": 2}, spare=("fire",) * 4)
    t = titans(p.table(), {"Ann": "cronus", "Bob": "crius", "Cy": "phoebe", "Dee": "tethys"})
    turn(t, ["fire", "fire", "fire", "fire"])  # turn 1: all lost
    assert t.state["hand"] == {"Ann": 2, "Bob": 1, "Cy": 1, "Dee": 1}
    t.act({"verb": "power", "player": "Ann"})  # Cronus: two cards this turn
    t.act({"verb": "power", "player": "Bob"})  # Crius: allowed, this is the last turn
    assert t.state["round"]["crius"] == "Bob"
    turn(t, [])
    assert t.state["round"]["last_turn"]


def test_first_turn_warning_names_the_crius_exception():
    t = _table(Ann="crius", Bob="theia")
    t.act({"verb": "power", "player": "Ann"})
    t.act({"verb": "ready"})
    events = t.act({"verb": "next"})
    assert "except Ann's: Crius" in text(events)


def test_oceanus_switches_only_players_who_reveal_this_turn():
    """Turn 2: Ann played two cards with Cronus on turn 1 and sits out, so Oceanus cannot
    switch her place (the power would be spent for nothing)."""
    t = incarnated({"Ann": "cronus", "Bob": "oceanus", "Cy": "theia", "Dee": "phoebe"})
    turn(t, ["fire", "fire", "fire", "fire", "fire"], [("power", {"player": "Ann"})])
    assert t.state["turn"] == 2 and t.state["skip"]["Ann"] == 2
    err = t.refuse({"verb": "power", "player": "Bob", "swap": ["Ann", "Cy"]}, rule="Incarnation: Oceanus switches two players who reveal a card this turn")
    assert "sits this turn out" in err.message and "Oceanus" in (err.rule or "")
    t.act({"verb": "power", "player": "Bob", "swap": ["Dee", "Cy"]})
    assert t.state["round"]["order_mods"] == [{"kind": "swap", "a": "Dee", "b": "Cy"}]


def test_thunderbolts_cannot_aim_at_a_protected_element_even_when_nothing_else_can_be_hit():
    """Tethys' Fire on Comet is the only Element in play: a target aimed at it is refused,
    as it is when another Element could be hit; revealed without a target, no effect."""
    t = _laid("comet", "air", "air", "air")
    turn(t, [], [("show-card", {"player": "Ann", "to": "Bob"})])  # Reserve 0 -> 1
    t.act({"verb": "reveal", "player": "Ann", "card": "fire"})
    t.act({"verb": "power", "player": "Dee"})  # Tethys protects the Fire
    _reveal(t, "air", "water", "water")  # nothing needs them
    turn(t, [])  # turn 3: Bob first
    err = t.refuse({"verb": "reveal", "player": "Bob", "card": "thunderbolts",
                    "target": "comet:fire"}, rule="Aggression: Thunderbolts hit an unprotected Element card of an incomplete Nature card")
    assert "Thunderbolts hit an unprotected Element" in (err.rule or "")
    events = t.act({"verb": "reveal", "player": "Bob", "card": "thunderbolts"})
    assert "no effect" in text(events)
    assert t.state["in_play"]["comet"]["elements"][0]["card"] == "fire"
