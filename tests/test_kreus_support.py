"""Helpers for the Kreus tests (no tests here).

On `referee.testing.Table` (the one harness, through the session code): `table`, `seated`,
`turn`, `planet_table` and `perfect_table` build positions by real play. Below them, the
older engine-level helpers (`new`, `act`, `do`, `refused`, `started`, `play_turn`, and the
`put`/`discard_down_to` shortcuts) remain only for the few tests whose position no log can
reach (hands emptied without playing, a River before its Comet is complete) and for the
malformed-input fuzz of test_kreus_input.py.
"""

from __future__ import annotations

import weakref

import pytest

from referee.chance import Chance
from referee.errors import IllegalAction, InputError
from referee.games.kreus import ENGINE
from referee.testing import Table

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def table(n: int = 4, **options) -> Table:
    """A new Kreus session of `n` players (Ann, Bob, ...) in a private store."""
    options.setdefault("players", NAMES[:n])
    t = Table("kreus", options=options, seed="t")
    weakref.finalize(t, t.close)
    return t


def seated(n: int = 4, tokens: list[int] | None = None, **options) -> Table:
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


def turn(t: Table, reveals: list, divination: list | None = None) -> list[dict]:
    """One turn: Divination actions, a card face down from everyone still to place, then the
    reveals in order (card names, or (card, {options})); returns the events."""
    events: list[dict] = []
    for verb, fields in divination or []:
        events += t.act({"verb": verb, **fields})
    if t.state["phase"] == "divination":
        from referee.games.kreus.flow import must_place

        if must_place(t.state):
            events += t.act({"verb": "ready"})
        events += t.act({"verb": "next"})
    for spec in reveals:
        card, opts = (spec, {}) if isinstance(spec, str) else spec
        r = t.state["round"]
        who = r["order"][0] if r["order"] else r["iapetus"]
        events += t.act({"verb": "reveal", "player": who, "card": card, **opts})
    return events


def new(n: int = 4, **options) -> dict:
    options.setdefault("players", NAMES[:n])
    state = ENGINE.start(options, Chance("t", 0))
    ENGINE.check_invariants(state)
    return state


def act(state: dict, verb: str, **fields) -> tuple[dict, list[dict]]:
    """Apply one action to a copy (as the session does) and check the invariants."""
    action = {"verb": verb, **fields}
    state, events = ENGINE.apply(ENGINE.copy(state), action, Chance("t", 1))
    ENGINE.check_invariants(state)
    return state, events


def do(state: dict, verb: str, **fields) -> dict:
    return act(state, verb, **fields)[0]


def text(events: list[dict]) -> str:
    return "\n".join(e["text"] for e in events)


def refused(state: dict, verb: str, kind: type = IllegalAction, **fields) -> IllegalAction:
    """The action is refused, with a rule named for an IllegalAction; the state is untouched."""
    before = ENGINE.copy(state)
    with pytest.raises(kind) as info:
        act(state, verb, **fields)
    assert state == before
    if kind is IllegalAction:
        assert info.value.rule
    return info.value


def started(n: int = 4, tokens: list[int] | None = None, **options) -> dict:
    """Setup done: tokens taken in seat order from the First Player (the last takes the rest)."""
    state = new(n, **options)
    order = [state["players"][(state["first"] + i) % n] for i in range(n)]
    amounts = tokens or [1] * (n - 1)
    for who, k in zip(order, amounts, strict=False):
        if state["phase"] != "setup" or state["token_taker"] is None:
            break
        state = do(state, "tokens", player=who, n=k)
    if options.get("incarnation"):
        return state
    assert state["phase"] == "divination"
    return state


def ready_all(state: dict) -> dict:
    from referee.games.kreus.flow import must_place

    for who in must_place(state):
        state = do(state, "ready", player=who)
    return state


def play_turn(state: dict, reveals: list, divination=None) -> tuple[dict, list[dict]]:
    """One turn: optional Divination actions, every card face down, then the reveals in order.

    `reveals` are card names or (card, {options}) in reveal order.
    """
    events: list[dict] = []
    for verb, fields in divination or []:
        state, ev = act(state, verb, **fields)
        events += ev
    state = ready_all(state)
    state, ev = act(state, "next")
    events += ev
    for spec in reveals:
        card, opts = (spec, {}) if isinstance(spec, str) else spec
        who = state["round"]["order"][0] if state["round"]["order"] else state["round"]["iapetus"]
        state, ev = act(state, "reveal", player=who, card=card, **opts)
        events += ev
    return state, events


def put(state: dict, nature: str, *elements: str) -> dict:
    """Test shortcut: a Nature card in play with Elements, taken from the hands of the table."""
    state = ENGINE.copy(state)
    for card in (nature, *elements):
        state["pool"][card] -= 1
        who = max(state["players"], key=lambda p: state["hand"][p])
        state["hand"][who] -= 1
    state["in_play"][nature] = {"elements": [], "complete": False}
    for e in elements:
        from referee.games.kreus.board import place_element

        place_element(state, nature, e, e)
    ENGINE.check_invariants(state)
    return state


__all__ = ["IllegalAction", "InputError"]


def discard_down_to(state: dict, who: str, keep: int, spare: tuple[str, ...] = ()) -> dict:
    """Test shortcut (like `put`): `who` is down to `keep` cards in hand, unseen Nature/Element
    cards gone to the discard pile as if discarded in earlier turns (the engine allows one
    discard for a token per player per Divination phase), no token taken; at least the copies
    listed in `spare` stay unseen."""
    from collections import Counter

    from referee.games.kreus.cards import kind

    state = ENGINE.copy(state)
    leave = Counter(spare)
    for card in sorted(state["pool"]):
        while (state["hand"][who] > keep and kind(card) != "aggression"
               and state["pool"][card] > leave[card]):
            state["pool"][card] -= 1
            state["hand"][who] -= 1
            state["discard"].append(card)
    assert state["hand"][who] == keep
    ENGINE.check_invariants(state)
    return state


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


def build_planet(turns: int = 7, divination: dict | None = None) -> dict:
    """A 4-player game played along ROUTE for `turns` turns."""
    state = started(4, tokens=[2, 2, 2])
    for i, reveals in enumerate(ROUTE[:turns]):
        state, _ = play_turn(state, reveals, (divination or {}).get(i + 1))
    return state


def three_turns_without_aggression_left() -> dict:
    """3 players (36 cards, 12 each): turns 1-3 spend every Aggression card harmlessly.

    Turn 1: three Fire with nothing in play (lost). Turn 2: the Hekatonkheires, then two
    Thunderbolts they swallow. Turn 3: the Storm, the last Thunderbolts and a Fire, swallowed too.
    """
    state = started(3, tokens=[0, 0])
    state, _ = play_turn(state, ["fire", "fire", "fire"])
    state, _ = play_turn(state, ["hekatonkheires", "thunderbolts", "thunderbolts"])
    state, _ = play_turn(state, ["storm", "thunderbolts", "fire"])
    assert state["turn"] == 4 and all(h == 9 for h in state["hand"].values())
    return state


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


def build_perfect(turns: int = 8, divination: dict | None = None) -> dict:
    """A 4-player first game played along PERFECT_ROUTE for `turns` turns."""
    state = started(4, tokens=[2, 2, 2], first_game=True)
    for i, reveals in enumerate(PERFECT_ROUTE[:turns]):
        state, _ = play_turn(state, reveals, (divination or {}).get(i + 1))
    return state


def planet_table(turns: int = 7, divination: dict | None = None) -> Table:
    """`build_planet` on a Table: a 4-player game played along ROUTE for `turns` turns."""
    t = seated(4, tokens=[2, 2, 2])
    for i, reveals in enumerate(ROUTE[:turns]):
        turn(t, reveals, (divination or {}).get(i + 1))
    return t


def perfect_table(turns: int = 8, divination: dict | None = None) -> Table:
    """`build_perfect` on a Table: a 4-player first game along PERFECT_ROUTE."""
    t = seated(4, tokens=[2, 2, 2], first_game=True)
    for i, reveals in enumerate(PERFECT_ROUTE[:turns]):
        turn(t, reveals, (divination or {}).get(i + 1))
    return t
