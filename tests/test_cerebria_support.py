"""Helpers for the Cerebria tests (no tests here): build a table, act, lay cards out by hand."""

from __future__ import annotations

import pytest

from referee import registry, session
from referee.errors import IllegalAction, InputError
from referee.games.cerebria import cards, zones

ENGINE = registry.engine("cerebria")
IMPULSE = ["mild-bliss-red-destroy", "strong-gloom-blue-steal", "brightness-green"]


class Table:
    """A Cerebria state plus a ply counter, acting through the session layer like the CLI."""

    def __init__(self, players=("Ann", "Bob", "Cy"), seed="t", **options) -> None:
        options.setdefault("first", players[0])
        options.setdefault("mood", "bliss")
        options.setdefault("impulse", list(IMPULSE))
        self.seed = seed
        self.action = {"verb": "new", "players": list(players), **options}
        self.state, self.events, self.results = session.run(ENGINE, None, self.action, seed, 0)
        self.ply = 1
        ENGINE.check_invariants(self.state)

    def __getitem__(self, key):
        return self.state[key]

    def act(self, verb: str, **fields) -> list[dict]:
        action = {"verb": verb, **{k: v for k, v in fields.items() if v is not None}}
        state, events, results = session.run(ENGINE, ENGINE.copy(self.state), action, self.seed,
                                             self.ply)
        self.state, self.events, self.results = state, events, results
        self.ply += 1
        ENGINE.check_invariants(self.state)
        return events

    def refused(self, verb: str, **fields) -> IllegalAction:
        before = ENGINE.copy(self.state)
        with pytest.raises(IllegalAction) as exc:
            self.act(verb, **fields)
        assert self.state == before
        assert exc.value.rule
        return exc.value

    def bad_input(self, verb: str, **fields) -> InputError:
        with pytest.raises(InputError) as exc:
            self.act(verb, **fields)
        return exc.value

    def text(self) -> str:
        return "\n".join(e["text"] for e in self.events)

    # -- laying out a position (keeps the 96 cards and the 80 fragments conserved) ----------
    def give(self, name: str, *names: str) -> None:
        """Cards from the main deck into NAME's hand, shown."""
        for card in names:
            self.state["deck"] -= 1
            self.state["hands"][name]["count"] += 1
            self.state["hands"][name]["known"].append(zones.known_card(self.state, card))
        ENGINE.check_invariants(self.state)

    def place(self, name: str, card: str, fragments: int | None = None, absorbed: int = 0,
              merged: str | None = None, ready: bool = True) -> dict:
        """An emotion from the main deck straight into NAME's Mindset."""
        card = zones.known_card(self.state, card)
        merged = zones.known_card(self.state, merged) if merged else None
        emo = {"card": card, "merged": merged, "fragments": 0, "absorbed": absorbed,
               "ready": ready}
        emo["fragments"] = cards.fragment_slots(card) if fragments is None else fragments
        aff = cards.affiliation(card)
        self.state["supply"][aff] -= emo["fragments"] + absorbed
        self.state["deck"] -= 2 if merged else 1
        self.state["mindsets"][name].append(emo)
        ENGINE.check_invariants(self.state)
        return emo

    def mindset(self, name: str) -> list[dict]:
        return self.state["mindsets"][name]

    def hand(self, name: str) -> dict:
        return self.state["hands"][name]


def turn_of(table: Table) -> str:
    return table.state["players"][table.state["current"]]
