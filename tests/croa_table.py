"""The Crôa! rules tests' table: `referee.testing.Table` with the pond arranged by hand.

Every action goes through the real session code (stored, replayed, invariants checked). A
rule test often needs a pond no short game reaches (a log with two servants, a queen on
b3): `arrange` records a change of the state after the last stored action, and the
session's engine (a `CroaEngine` that applies these changes at their place in every
replay, swapped in only while this table acts or reads) keeps it from then on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from referee.games.croa.board import ZONE
from referee.games.croa.engine import CroaEngine
from referee.games.croa.pond import QUEEN, in_pond, occupants, reserve
from referee.games.croa.render import frogs_text
from referee.model.chance import Chance
from referee.model.view import told
from referee.testing import Table

Change = Callable[[Any], None]


class _Arranged(CroaEngine):
    """Crôa! with hand-made changes applied after the actions they follow, on every replay."""

    def __init__(self) -> None:
        self.changes: dict[int, list[Change]] = {}

    def _after(self, state: Any, ply: int) -> Any:
        for change in self.changes.get(ply, []):
            change(state)
        return state

    def start(self, options: dict, chance: Chance) -> Any:
        return self._after(super().start(options, chance), chance.ply)

    def apply(self, state: Any, action: dict, chance: Chance) -> tuple[Any, list[dict]]:
        state, events = super().apply(state, action, chance)
        return self._after(state, chance.ply), events


class Pond(Table):
    """A Crôa! session in a private store: actions through the session code, the pond
    arranged by hand where a test needs it."""

    def __init__(self, players: tuple[str, ...] | list[str] = ("Ann:red", "Bob:blue"),
                 digital: bool = False, cards: bool = False, seed: str = "t",
                 deal: bool | None = None) -> None:
        self._engine = _Arranged()
        self.events: list[dict] = []
        options: dict[str, Any] = {"players": list(players), "digital": digital, "cards": cards}
        if deal is not None:
            options["deal"] = deal
        with self._swapped():
            super().__init__("croa", options=options, seed=seed)

    @contextmanager
    def _swapped(self) -> Iterator[None]:
        import referee.games.croa as module

        saved = module.ENGINE
        module.ENGINE = self._engine
        try:
            yield
        finally:
            module.ENGINE = saved

    # -- the session, through this table's engine ---------------------------------------------
    @property
    def loaded(self) -> Any:
        with self._swapped():
            return super().loaded

    @property
    def engine(self) -> Any:
        return self._engine

    def act(self, action: dict[str, Any], *, dry_run: bool = False) -> list[dict[str, Any]]:
        with self._swapped():
            events = super().act(action, dry_run=dry_run)
        self.events = [told(e) for e in events]  # as the table reads them (their `text` said now)
        return events

    def refuse(self, action: dict[str, Any], rule: str | None = None, kind: Any = None) -> Any:
        with self._swapped():
            return super().refuse(action, rule, kind)

    # -- acting in a few words -------------------------------------------------------------------
    def do(self, verb: str, **fields: Any) -> str:
        """One action (`from_` for `from`); returns what the table reads."""
        self.act({"verb": verb, **{k.rstrip("_"): v for k, v in fields.items()
                                   if v is not None}})
        return self.text

    def move(self, src: str, to: str, **fields: Any) -> str:
        return self.do("move", from_=src, to=to, **fields)

    @property
    def text(self) -> str:
        return "\n".join(e["text"] for e in self.events)

    # -- arranging the pond by hand --------------------------------------------------------------
    def arrange(self, change: Change) -> None:
        """Change the state as it stands now (after the last stored action), for good."""
        self._engine.changes.setdefault(self.log_length() - 1, []).append(change)
        if self.in_memory:  # no replay to apply it: the state held in memory takes it now
            change(self._memory.state)
        else:  # the state kept after the log (its snapshot) predates the change: replayed next time
            from referee.record import snapshot

            with self.store.write():
                snapshot.drop(self.store, self.sid)

    def tile(self, square: str, kind: str) -> None:
        """Lay a tile from its zone's pile, as if revealed earlier."""

        def lay(state: Any) -> None:
            pile = state["piles"][ZONE[square]]
            assert pile[kind] > 0, f"no {kind} left in {ZONE[square]}"
            pile[kind] -= 1
            state["tiles"][square] = kind

        self.arrange(lay)

    def place(self, name: str, square: str, kind: str = "servant") -> None:
        """Put the queen, or a servant from the reserve, on a square."""
        c = self.c(name)

        def put(state: Any) -> None:
            frogs = state["colonies"][c]["frogs"]
            if kind == "queen":
                frogs[QUEEN]["square"] = square
                return
            spare = next(f for f in frogs[1:] if f["square"] is None)
            spare["square"] = square

        self.arrange(put)

    def lift(self, square: str) -> None:
        """Send every servant on a square back to its reserve."""

        def home(state: Any) -> None:
            for col in state["colonies"]:
                for f in col["frogs"][1:]:
                    if f["square"] == square:
                        f["square"] = None

        self.arrange(home)

    # -- reading -----------------------------------------------------------------------------------
    def c(self, name: str) -> int:
        return [col["name"] for col in self.state["colonies"]].index(name)

    def at(self, square: str) -> str:
        """The frogs on a square as the pond shows them: R queen, r servant."""
        state = self.state
        return frogs_text(state, occupants(state, square))

    def reserve(self, name: str) -> int:
        return reserve(self.state, self.c(name))

    def in_pond(self, name: str) -> int:
        return in_pond(self.state, self.c(name))

    @property
    def current(self) -> str | None:
        return self.summary["current"]
