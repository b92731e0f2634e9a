"""Helpers for the Crôa! tests (a table we can arrange by hand), and setup tests."""

from __future__ import annotations

import pytest

from referee.chance import Chance
from referee.errors import IllegalAction, InputError
from referee.games.croa import ENGINE
from referee.games.croa.board import ZONE, start_squares
from referee.games.croa.pond import QUEEN, in_pond, reserve
from referee.games.croa.tiles import FULL_PILES, MALES


class Table:
    """A Crôa! session driven through the engine, with helpers to arrange the pond."""

    def __init__(self, players=("Ann:red", "Bob:blue"), digital=False, cards=False, seed="t",
                 deal=None):
        self.seed = seed
        self.ply = 0
        options = {"players": list(players), "digital": digital, "cards": cards}
        if deal is not None:
            options["deal"] = deal
        self.state = ENGINE.setup(options, Chance(seed, 0))
        self.events: list[dict] = []

    # -- acting ----------------------------------------------------------------------------
    def act(self, verb: str, **kw) -> str:
        action = {"verb": verb, **{k.rstrip("_"): v for k, v in kw.items() if v is not None}}
        self.ply += 1
        self.state, self.events = ENGINE.apply(ENGINE.copy(self.state), action,
                                               Chance(self.seed, self.ply))
        ENGINE.check_invariants(self.state)
        return self.text

    def move(self, src: str, to: str, **kw) -> str:
        return self.act("move", from_=src, to=to, **kw)

    @property
    def text(self) -> str:
        return "\n".join(e["text"] for e in self.events)

    # -- arranging -------------------------------------------------------------------------
    def c(self, name: str) -> int:
        return [col["name"] for col in self.state["colonies"]].index(name)

    def tile(self, square: str, kind: str) -> None:
        """Lay a tile from its zone's pile, as if revealed earlier."""
        pile = self.state["piles"][ZONE[square]]
        assert pile[kind] > 0, f"no {kind} left in {ZONE[square]}"
        pile[kind] -= 1
        self.state["tiles"][square] = kind

    def place(self, name: str, square: str, kind: str = "servant") -> None:
        """Put the queen, or a servant from the reserve, on a square."""
        frogs = self.state["colonies"][self.c(name)]["frogs"]
        if kind == "queen":
            frogs[QUEEN]["square"] = square
            return
        spare = next(f for f in frogs[1:] if f["square"] is None)
        spare["square"] = square

    def lift(self, square: str) -> None:
        """Send every servant on a square back to its reserve."""
        for col in self.state["colonies"]:
            for f in col["frogs"][1:]:
                if f["square"] == square:
                    f["square"] = None

    def at(self, square: str) -> str:
        """The frogs on a square as the pond shows them: R queen, r servant."""
        from referee.games.croa.pond import occupants
        from referee.games.croa.render import frogs_text

        return frogs_text(self.state, occupants(self.state, square))

    def reserve(self, name: str) -> int:
        return reserve(self.state, self.c(name))

    def in_pond(self, name: str) -> int:
        return in_pond(self.state, self.c(name))

    @property
    def summary(self) -> dict:
        return ENGINE.summary(self.state)

    @property
    def current(self) -> str | None:
        return self.summary["current"]


# -- setup --------------------------------------------------------------------------------

@pytest.mark.parametrize("n,corners", [(2, ["a1", "h8"]), (3, ["a1", "a8", "h8"]),
                                       (4, ["a1", "a8", "h8", "h1"])])
def test_colonies_take_corners_in_seat_order(n, corners):
    players = ["Ann:red", "Bob:blue", "Cy:green", "Dee:yellow"][:n]
    t = Table(players)
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
    t = Table()
    words = ENGINE.vocabulary(t.state)
    assert words["players"] == ["Ann", "Bob"]
    assert words["frogs"] == ["a1", "a2", "b1"]
    assert "lilypad" in words["tiles"] and "male6" in words["tiles"]
    assert "h8" in words["squares"]
