"""Cerebria positions for the tests (no tests here), played on the one harness, `Table`.

A `Layout` says where cards and fragments lie before play starts (the `layout` of `new`,
see referee/games/cerebria/layout.py); `table()` starts the session from it. Actions then
go through `Table.act`/`Table.refuse`, as the log keeps them (`do(...)` builds one).
"""

from __future__ import annotations

from typing import Any

from referee.testing import Table

IMPULSE = ["mild-bliss-red-destroy", "strong-gloom-blue-steal", "brightness-green"]
PLAYERS = ("Ann", "Bob", "Cy")


def do(verb: str, **fields: Any) -> dict[str, Any]:
    """An action as the log keeps it (fields left at None are left out)."""
    return {"verb": verb, **{k: v for k, v in fields.items() if v is not None}}


def said(events: list[dict[str, Any]]) -> str:
    return "\n".join(e["text"] for e in events)


def results(t: Table) -> list[dict[str, Any]]:
    """The random results the last action recorded."""
    return t.loaded.records[-1]["results"]


class Layout:
    """A position to start from: Ann first, Mood Marker Bliss, the Impulse above."""

    def __init__(self, players: tuple[str, ...] = PLAYERS, seed: str = "t",
                 **options: Any) -> None:
        options.setdefault("first", players[0])
        options.setdefault("mood", "bliss")
        options.setdefault("impulse", list(IMPULSE))
        self.seed = seed
        self.options = {"players": list(players),
                        **{k: v for k, v in options.items() if v is not None}}
        self.layout: dict[str, Any] = {}

    def place(self, name: str, card: str, fragments: int | None = None, absorbed: int = 0,
              merged: str | None = None, ready: bool = True) -> Layout:
        """An emotion straight into NAME's Mindset (its fragments from the supply)."""
        emo: dict[str, Any] = {"card": card, "absorbed": absorbed, "merged": merged,
                               "ready": ready}
        if fragments is not None:
            emo["fragments"] = fragments
        self.layout.setdefault("mindsets", {}).setdefault(name, []).append(emo)
        return self

    def give(self, name: str, *cards: str) -> Layout:
        """Cards into NAME's hand, shown to the table."""
        hand = self.layout.setdefault("hands", {}).setdefault(name, {})
        hand.setdefault("shown", []).extend(cards)
        return self

    def hidden(self, name: str, n: int) -> Layout:
        """NAME's hand holds N hidden cards (4 after the deal)."""
        self.layout.setdefault("hands", {}).setdefault(name, {})["hidden"] = n
        return self

    def stack(self, idx: int, n: int) -> Layout:
        """Impulse stack IDX (0-based) holds N cards."""
        stacks = self.layout.setdefault("stacks", [len(self.options["players"]) + 2] * 3)
        stacks[idx] = n
        return self

    def score(self, name: str, bliss: int = 0, gloom: int = 0) -> Layout:
        self.layout.setdefault("scored", {})[name] = {"bliss": bliss, "gloom": gloom}
        return self

    def deck(self, n: int) -> Layout:
        """The main deck keeps N cards; the rest lie face down in the discard pile."""
        self.layout["deck"] = n
        return self

    def turn_of(self, name: str) -> Layout:
        self.layout["current"] = name
        return self

    def table(self) -> Table:
        options = dict(self.options)
        if self.layout:
            options["layout"] = self.layout
        return Table("cerebria", options=options, seed=self.seed)


def table(players: tuple[str, ...] = PLAYERS, seed: str = "t", **options: Any) -> Table:
    """A session from the plain setup (no layout)."""
    return Layout(players, seed, **options).table()


def turn_of(t: Table) -> str:
    return t.state["players"][t.state["current"]]


def drain_overflow() -> Table:
    """Ann's Drain emotion may drain Bob's merged Summon (2 fragments, 2 absorbed) onto her Swap
    emotion, which has one empty Fragment slot: not every fragment fits."""
    p = Layout()
    p.place("Ann", "mild-bliss-yellow-drain")
    p.place("Ann", "strong-bliss-red-swap", fragments=1)
    p.place("Bob", "strong-bliss-red-summon", absorbed=2, merged="brightness-red")
    return p.table()
