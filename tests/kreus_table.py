"""Kreus positions for the tests (no tests here), played on the one harness, `Table`.

`table`, `seated`, `titans`, `turn`, `planet_table` and `perfect_table` reach positions by
real play. A `Layout` starts from a position no log reaches by play (hands emptied without
playing, a River before its Comet is complete, three levels in play at once): the `layout`
of `new` (referee/games/kreus/layout.py), checked by the engine, then played through
`Table.act`/`Table.refuse` as the log keeps actions.
"""

from __future__ import annotations

import copy
import weakref
from collections import Counter
from typing import Any

from referee.games.kreus import cards, data
from referee.games.kreus.flow import must_place
from referee.testing import Table

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
TITANS = {"Ann": "cronus", "Bob": "theia", "Cy": "phoebe", "Dee": "tethys"}


def _closed(t: Table) -> Table:
    weakref.finalize(t, t.close)
    return t


def table(n: int = 4, **options: Any) -> Table:
    """A new Kreus session of `n` players (Ann, Bob, ...) in a private store."""
    options.setdefault("players", NAMES[:n])
    return _closed(Table("kreus", options=options, seed="t"))


def seated(n: int = 4, tokens: list[int] | None = None, **options: Any) -> Table:
    """Setup done: tokens taken in seat order from the First Player (the last takes the rest);
    in Incarnation mode the Titans are still to choose."""
    t = table(n, **options)
    state = t.state
    order = [state["players"][(state["first"] + i) % n] for i in range(n)]
    for who, k in zip(order, tokens or [1] * (n - 1), strict=False):
        if t.state["token_taker"] is None:
            break
        t.act({"verb": "tokens", "player": who, "n": k})
    assert options.get("incarnation") or t.state["phase"] == "divination"
    return t


def titans(t: Table, chosen: dict[str, str]) -> Table:
    """Incarnation mode: each player named takes that Titan; turn 1 then begins."""
    for who, titan in chosen.items():
        t.act({"verb": "titan", "player": who, "titan": titan})
    assert t.state["phase"] == "divination"
    return t


def turn(t: Table, reveals: list, divination: list | None = None) -> list[dict]:
    """One turn: Divination actions, a card face down from everyone still to place, then the
    reveals in order (card names, or (card, {options})); returns the events."""
    events: list[dict] = []
    for verb, fields in divination or []:
        events += t.act({"verb": verb, **fields})
    if t.state["phase"] == "divination":
        if must_place(t.state):
            events += t.act({"verb": "ready"})
        events += t.act({"verb": "next"})
    for spec in reveals:
        card, opts = (spec, {}) if isinstance(spec, str) else spec
        r = t.state["round"]
        who = r["order"][0] if r["order"] else r["iapetus"]
        events += t.act({"verb": "reveal", "player": who, "card": card, **opts})
    return events


def text(events: list[dict]) -> str:
    return "\n".join(e["text"] for e in events)


class Layout:
    """A position to start from: `n` players (Ann first unless `first=`), the Energy tokens
    taken as `seated` takes them (`tokens`: in seat order, the last takes the rest; or by
    name), then cards laid out in play and in the discard pile, and hands of a given size."""

    def __init__(self, n: int = 4, tokens: list[int] | dict[str, int] | None = None,
                 **options: Any) -> None:
        names = NAMES[:n]
        self.options: dict[str, Any] = {"players": names, **options}
        first = names.index(options.get("first", names[0]))
        order = names[first:] + names[:first]
        if not isinstance(tokens, dict):
            amounts = list(tokens or [1] * (n - 1))
            assert len(amounts) == n - 1, "tokens: one amount for each player but the last"
            tokens = dict(zip(order, [*amounts, cards.TOKENS[n] - sum(amounts)], strict=True))
        self.layout: dict[str, Any] = {"tokens": tokens}
        self.deck = cards.deck_for(n, bool(options.get("first_game")),
                                   bool(options.get("altered")))
        self.tree = data.load_cards(None)[0]

    def play(self, nature: str, *elements: Any) -> Layout:
        """NATURE in play with these Element cards under it (no prerequisite is checked)."""
        self.layout.setdefault("in_play", {})[nature] = list(elements)
        return self

    def complete(self, *natures: str) -> Layout:
        """Each of NATURES in play and complete, with the Element cards it needs."""
        for nature in natures:
            self.play(nature, *self.tree[nature]["elements"])
        return self

    def discard(self, *cards_: str) -> Layout:
        self.layout.setdefault("discard", []).extend(cards_)
        return self

    def turn(self, n: int) -> Layout:
        self.layout["turn"] = n
        return self

    def unseen(self) -> Counter[str]:
        """The cards not laid out yet."""
        left = Counter(self.deck)
        for nature, elements in self.layout.get("in_play", {}).items():
            left.subtract([nature, *(e["card"] if isinstance(e, dict) else e
                                     for e in elements)])
        left.subtract(self.layout.get("discard", []))
        return +left

    def hands(self, counts: int | dict[str, int], spare: tuple[str, ...] = ()) -> Layout:
        """Hands of these sizes (one size for all, or by player; the others keep the deal):
        the cards beyond them go to the discard pile, Nature and Element cards in name order,
        at least the copies in `spare` staying unseen. As if discarded in earlier turns."""
        names = self.options["players"]
        named = dict.fromkeys(names, counts) if isinstance(counts, int) else dict(counts)
        deal = sum(self.deck.values()) // len(names)
        left = self.unseen()
        beyond = sum(left.values()) - sum(named.values()) - deal * (len(names) - len(named))
        keep = Counter(spare)
        pick = [c for c in sorted(left.elements()) if cards.kind(c) != "aggression"]
        out: list[str] = []
        for card in pick:
            if len(out) == beyond:
                break
            if keep[card]:
                keep[card] -= 1
                continue
            out.append(card)
        assert len(out) == max(beyond, 0), "not enough cards to discard"
        self.layout["hands"] = named
        return self.discard(*out)

    def table(self) -> Table:
        return table(len(self.options["players"]), **self.options,
                     layout=copy.deepcopy(self.layout))


# The shortest route, Bird + Fish, in seven turns of four reveals (4 players, Ann holds the
# Planet). Elements used: Fire 6, Air 4, Earth 5, Water 5 (the 4-player deck has 6 of each).
ROUTE = [
    ["atmosphere", "comet", "air", "water"],                       # Atmosphere complete
    ["fire", "earth", "wind", "rainbow"],                          # Comet complete
    ["air", ("fire", {"on": "wind"}), "water", "fire"],            # Wind, Rainbow complete
    ["river", "water", "earth", "bird"],                           # River complete
    ["air", "fire", "earth", "fish"],                              # Bird complete
    ["water", "fire", "earth", "planet"],                          # Fish complete
    ["fire", "air", "earth", "water"],                             # Planet complete
]
# What ROUTE has in play after six turns: every card it needs complete, the Planet bare.
ROUTE_SIX = ("atmosphere", "comet", "wind", "rainbow", "river", "bird", "fish")


def planet_layout(**hands: int) -> Layout:
    """ROUTE's position at the start of turn 7 (Cy First Player), laid out: the hands hold
    `hands` cards (4 each by default, as played), the rest in the discard pile."""
    p = Layout(4, tokens={"Ann": 2, "Bob": 2, "Cy": 2, "Dee": 1}, first="Cy").complete(*ROUTE_SIX).play("planet").turn(7)
    return p.hands(hands or 4, spare=("fire", "air", "earth", "water"))


def planet_table(turns: int = 7, divination: dict | None = None) -> Table:
    """A 4-player game played along ROUTE for `turns` turns."""
    t = seated(4, tokens=[2, 2, 2])
    for i, reveals in enumerate(ROUTE[:turns]):
        turn(t, reveals, (divination or {}).get(i + 1))
    return t


# Every Aggression card seen before the Planet completes: a 4-player first game (the Storm of
# Uranus is swapped for an Aether), so 4 Aggression cards and 40 cards. The route needs 28
# cards; with the 4 Aggression cards that is 32 reveals in eight turns, 8 reveals each, and
# every player still holds 2 cards when the Planet completes. Elements used: Fire 6, Air 4,
# Earth 5, Water 5. Turn 3 plays the Aggression cards where they do no harm: nothing lies on
# an incomplete Nature card for the Thunderbolts, and the Hekatonkheires end at the River.
PERFECT_ROUTE = [
    ["atmosphere", "comet", "air", "water"],                       # Atmosphere complete
    ["fire", "earth", "wind", "rainbow"],                          # Comet complete
    ["thunderbolts", "thunderbolts", "thunderbolts", "hekatonkheires"],  # no harm done
    ["river", "air", ("fire", {"on": "wind"}), ("water", {"on": "rainbow"})],  # Wind complete
    ["fire", "water", "earth", "bird"],                            # Rainbow, River complete
    ["air", "fire", "earth", "fish"],                              # Bird complete
    ["water", "fire", "earth", "planet"],                          # Fish complete
    ["fire", "air", "earth", "water"],                             # Planet complete
]


# Bob reveals the Planet on turn 7, but Ann was dealt it: on turn 7 Ann pays 2 tokens to
# exchange a card with Bob first, so that it may be in his hand (PERFECT_DIVINATION).
PERFECT_DIVINATION = {7: [("exchange", {"player": "Ann", "with": "Bob"})]}


def perfect_layout() -> Layout:
    """PERFECT_ROUTE's position at the start of turn 8 (Dee First Player), laid out: every
    Aggression card seen, 3 cards in each hand; Ann's exchange paid, Bob's Planet earned one."""
    p = Layout(4, tokens={"Ann": 0, "Bob": 3, "Cy": 2, "Dee": 1}, first="Dee", first_game=True)
    p.complete(*ROUTE_SIX).play("planet").turn(8)
    return p.discard("thunderbolts", "thunderbolts", "thunderbolts", "hekatonkheires").hands(3)


def perfect_table(turns: int = 8, divination: dict | None = None) -> Table:
    """A 4-player first game played along PERFECT_ROUTE for `turns` turns."""
    t = seated(4, tokens=[2, 2, 2], first_game=True)
    steps = {k: list(v) for k, v in PERFECT_DIVINATION.items()}
    for k, v in (divination or {}).items():
        steps[k] = [*steps.get(k, []), *v]
    for i, reveals in enumerate(PERFECT_ROUTE[:turns]):
        turn(t, reveals, steps.get(i + 1))
    return t
