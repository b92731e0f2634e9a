"""Kreus rules pinned down by the mutation run (tests/mutation.py, docs/mutation.md): each test
kills a mutant of a rule check that no other rules test noticed."""

from __future__ import annotations

import pytest
from kreus_table import TITANS, Layout, seated, titans, turn
from test_kreus_titans import _laid, _table

from referee.games.kreus.setup import setup
from referee.model.errors import InputError


def test_themis_bets_her_last_token():
    # Incarnation: Themis bets one of her tokens; one is enough
    t = titans(seated(4, tokens=[1, 2, 2], incarnation=True), {**TITANS, "Ann": "themis", "Bob": "rhea"})
    assert t.state["tokens"]["Ann"] == 1
    t.act({"verb": "ready"})
    t.act({"verb": "power", "player": "Ann", "on": "Bob", "card": "comet"})
    assert t.state["tokens"]["Ann"] == 0


def test_themis_bets_once_on_a_card():
    t = _table(Ann="themis", Bob="rhea")
    t.act({"verb": "ready"})
    t.act({"verb": "power", "player": "Ann", "on": "Bob", "card": "comet"})
    err = t.refuse({"verb": "power", "player": "Ann", "on": "Bob", "card": "fire"},
                   rule="Incarnation: one Themis token per card")
    assert "already bet on Bob's card" in err.message


def test_theia_shows_cards_to_one_or_two_players_only():
    t = _table(Bob="theia")
    err = t.refuse({"verb": "power", "player": "Bob", "to": ["Ann", "Cy", "Dee"]},
                   rule="Incarnation: Theia shows cards to one or two players")
    assert "3 named" in err.message


def test_rhea_position_is_one_to_the_number_of_players():
    t = _table(Ann="rhea", Bob="theia")
    err = t.refuse({"verb": "power", "player": "Ann", "position": 5},
                   rule="Incarnation: Rhea places her card in the reveal order")
    assert "1 (first) to 4 (last), not 5" in err.message


def test_titan_powers_exist_only_in_incarnation_mode():
    t = seated(4)
    err = t.refuse({"verb": "power", "player": "Ann"}, rule="Incarnation mode")
    assert "only in Incarnation mode" in err.message


def test_a_power_names_only_what_it_acts_on():
    t = _table(Ann="rhea", Bob="theia")
    t.refuse({"verb": "power", "player": "Ann", "position": 2, "to": ["Bob"]},
             rule="Incarnation: a power names only what it acts on")


def test_tethys_on_a_reveal_protects_only_an_element():
    t = _laid("comet", "air", "air", "air")
    turn(t, [])
    err = t.refuse({"verb": "reveal", "player": "Ann", "card": "atmosphere", "tethys": True},
                   rule="Incarnation: Tethys protects an Element put into play")
    assert "not an Element card left in play to protect" in err.message


def test_cronus_power_comes_before_his_card_is_placed():
    t = _table()  # Ann incarnates Cronus
    t.act({"verb": "ready", "player": "Ann"})
    err = t.refuse({"verb": "power", "player": "Ann"}, rule="Incarnation: Titan powers")
    assert "Ann has already put a card face down: Cronus' power comes before" in err.message


def test_next_in_creation_is_refused_until_every_card_is_revealed():
    t = _table()
    t.act({"verb": "ready"})
    t.act({"verb": "next"})
    err = t.refuse({"verb": "next"}, rule="Creation: every face-down card is revealed in order")
    assert "Ann must reveal their face-down card first" in err.message


def test_the_planet_is_refused_from_another_hand_before_any_exchange():
    t = _table()  # Ann is First Player: the Planet was dealt to her
    t.act({"verb": "ready"})
    t.act({"verb": "next"})
    t.act({"verb": "reveal", "player": "Ann", "card": "fire"})
    err = t.refuse({"verb": "reveal", "player": "Bob", "card": "planet"},
                   rule="Hands: the Planet starts in the First Player's hand")
    assert "can only be in Ann's hand: no exchange has reached Bob" in err.message


def test_a_target_with_two_colons_is_read_at_its_first_colon_not_a_crash():
    t = _table()
    t.act({"verb": "ready"})
    t.act({"verb": "next"})
    t.act({"verb": "reveal", "player": "Ann", "card": "fire"})
    t.refuse({"verb": "reveal", "player": "Bob", "card": "thunderbolts", "target": "comet:fire:x"},
             rule="Aggression: Thunderbolts hit a Nature card in play")


def test_setup_needs_a_list_of_player_names():
    with pytest.raises(InputError, match="players: a list of names is needed"):
        setup({"players": None})


def test_theia_showing_two_cards_to_one_player_needs_two_cards_in_hand():
    # Hand: only cards in hand can be used. Turn 1 all Fire: Bob (Theia) keeps one card.
    p = Layout(4, tokens=[2, 2, 2], incarnation=True).hands(
        {"Ann": 3, "Bob": 2, "Cy": 2, "Dee": 2}, spare=("fire",) * 4)
    t = titans(p.table(), {"Ann": "cronus", "Bob": "theia", "Cy": "phoebe", "Dee": "tethys"})
    turn(t, ["fire", "fire", "fire", "fire"])
    assert t.state["hand"]["Bob"] == 1
    err = t.refuse({"verb": "power", "player": "Bob", "to": ["Ann"]},
                   rule="Hand: only cards in hand can be used")
    assert err.message == "Bob holds 1 card in hand; Theia's power needs 2"
