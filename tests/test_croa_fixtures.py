"""Crôa! setup: corners, piles, colonies (the tests' table is `croa_table.Pond`)."""

from __future__ import annotations

import pytest
from croa_table import Pond

from referee.games.croa import ENGINE
from referee.games.croa.board import start_squares
from referee.games.croa.pond import reserve
from referee.games.croa.tiles import FULL_PILES, MALES
from referee.model.chance import Chance
from referee.model.errors import IllegalAction, InputError

# -- setup --------------------------------------------------------------------------------

@pytest.mark.parametrize("n,corners", [(2, ["a1", "h8"]), (3, ["a1", "a8", "h8"]),
                                       (4, ["a1", "a8", "h8", "h1"])])
def test_colonies_take_corners_in_seat_order(n, corners):
    players = ["Ann:red", "Bob:blue", "Cy:green", "Dee:yellow"][:n]
    t = Pond(players)
    for c, corner in enumerate(corners):
        frogs = t.state["colonies"][c]["frogs"]
        # queen on the corner, two servants orthogonally next to it, four in reserve (7 in all)
        assert [f["square"] for f in frogs[:3]] == start_squares(corner)
        assert reserve(t.state, c) == 4
    assert t.state["tiles"] == {}
    assert t.current == "Ann"


def test_start_squares_are_the_orthogonal_neighbours():
    assert start_squares("a1") == ["a1", "a2", "b1"]
    assert start_squares("h8") == ["h8", "h7", "g8"]
    assert start_squares("a8") == ["a8", "a7", "b8"]
    assert start_squares("h1") == ["h1", "h2", "g1"]


def test_each_zone_pile_holds_sixteen_tiles_with_three_different_males():
    seen: dict[str, list[str]] = {m: [] for m in MALES}
    for zone, pile in FULL_PILES.items():
        # 4 lily pads + 2 mosquitoes + 1 mud + 1 pike + 4 reeds + 1 log + 3 males = 16
        assert sum(pile.values()) == 16
        assert (pile["lilypad"], pile["mosquito"], pile["mud"], pile["pike"], pile["reeds"],
                pile["log"]) == (4, 2, 1, 1, 4, 1)
        males = [k for k in pile if k.startswith("male")]
        assert len(males) == 3 and all(pile[m] == 1 for m in males)
        for m in males:
            seen[m].append(zone)
    # six males, each in two copies lying in two different zones
    assert all(len(set(zones)) == 2 for zones in seen.values())


@pytest.mark.parametrize("players,error", [
    (["Ann:red"], IllegalAction),
    (["Ann:red", "Bob:blue", "Cy:green", "Dee:yellow", "Eve:pink"], IllegalAction),
    (["Ann:red", "Bob:red"], InputError),
    (["Ann:red", "ann:blue"], InputError),
    (["Ann:red", "Bob"], InputError),
    (["Ann:red", "Bob:tartan"], InputError),
    ("Ann:red", InputError),
])
def test_setup_refuses_bad_colonies(players, error):
    with pytest.raises(error):
        ENGINE.start({"players": players}, Chance("t", 0))


def test_vocabulary_offers_players_frogs_tiles_and_choices():
    t = Pond()
    words = ENGINE.lexicon.vocabulary(t.state)
    assert words["players"] == ["Ann", "Bob"]
    assert words["frogs"] == ["a1", "a2", "b1"]
    assert "lilypad" in words["tiles"] and "male6" in words["tiles"]
    assert "h8" in words["squares"]
