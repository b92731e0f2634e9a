"""The shape every game engine has (after OpenSpiel and boardgame.io).

An engine is pure: no Click, no I/O, no clock. A session is a list of actions;
the first one is always `{"verb": "new", ...options}` and is handled by `setup`.
Every later action goes through `apply`. State is JSON-ready data (dicts, lists,
str, int, bool, None) or anything `to_json`/`from_json` turn into that.

Contract:
- `apply(state, action, chance)` may mutate `state` in place and returns
  `(state, events)`. Callers that need the previous state pass a copy
  (`engine.copy(state)`), so a refused action leaves nothing behind.
- A refusal raises `IllegalAction(message, rule)` (a rule of the game) or
  `InputError(message)` (malformed input: a bad square, an unknown card).
- Randomness only through `chance` (see `referee.chance`).
- `summary(state)` returns the common summary of cli.md.
- `legal_actions(state)` lists actions a random playout may take; it is empty
  exactly when the game is over.
"""

from __future__ import annotations

import copy as _copy
import json
import random
from typing import Any

from referee.chance import Chance

Event = dict  # {"text": str, optional "table": {"headers": [...], "rows": [[...]]}, ...data}
Action = dict  # {"verb": str, ...JSON fields}


def event(text: str, **data: Any) -> Event:
    """A line to show the table, with optional data (e.g. `table=...`) for --json."""
    return {"text": text, **data}


def summary(
    game: str,
    players: list[dict],
    current: str | None,
    phase: str,
    turn: int,
    pending: list[dict] | None = None,
    over: bool = False,
    winners: list[str] | None = None,
    outcome: str | None = None,
) -> dict:
    """The common `summary` block every game's state carries (cli.md)."""
    return {
        "game": game,
        "players": players,
        "current": current,
        "phase": phase,
        "turn": turn,
        "pending": pending or [],
        "over": over,
        "winners": winners or [],
        "outcome": outcome,
    }


class Engine:
    """Base class: override the methods marked as required."""

    name = "game"
    title = "Game"
    rules_version = "1"
    min_players = 2
    max_players = 2
    turn_word = "turn"  # what the summary's `turn` counts, in the game's words ("day")
    series_word = "score"  # what `series` charts, in the game's words ("glory", "frogs")

    # -- required ------------------------------------------------------------
    def setup(self, options: dict, chance: Chance) -> Any:
        raise NotImplementedError

    def apply(self, state: Any, action: Action, chance: Chance) -> tuple[Any, list[Event]]:
        raise NotImplementedError

    def summary(self, state: Any) -> dict:
        raise NotImplementedError

    def legal_actions(self, state: Any) -> list[Action]:
        raise NotImplementedError

    def render(self, state: Any) -> str:
        """The table as text: board, scores, whose turn, pending decisions."""
        raise NotImplementedError

    def playout_options(self, rng: random.Random) -> dict:
        """Options of a `new` action for a random consistency playout."""
        raise NotImplementedError

    # -- optional --------------------------------------------------------------
    def to_json(self, state: Any) -> dict:
        return state

    def from_json(self, data: dict) -> Any:
        return data

    def copy(self, state: Any) -> Any:
        return _copy.deepcopy(state)

    def normalize(self, state: Any, action: Action) -> Action:
        """The action as the log should record it (e.g. card names as printed).

        Called on the live state inside the write transaction, before `apply`; it
        must not change `state`. Default: the action unchanged."""
        return action

    def vocabulary(self, state: Any) -> dict[str, list[str]]:
        """Words the interactive shell completes: players, pieces, locations..."""
        return {}

    def check_invariants(self, state: Any) -> None:
        """Assert the game's invariants (tests call it after every action)."""

    def describe(self, action: Action) -> str:
        """One line for the log: the action as the table would say it."""
        def short(value: Any) -> str:
            text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
            return text if len(text) <= 40 else text[:37] + "..."

        fields = " ".join(
            f"{k}={short(v)}" for k, v in action.items() if k != "verb" and v not in (None, False, [], {})
        )
        return f"{action.get('verb', '?')} {fields}".strip()

    # -- after the game (stats, reports, exports) ----------------------------------
    def result_details(self, state: Any) -> dict:
        """What decided a finished game beyond the summary (a tie-breaker, a winning condition).

        JSON data; cached with the summary under `details` once the game is over, so
        `referee stats` never replays. Default: nothing more."""
        return {}

    def series(self, state: Any) -> dict[str, float | None]:
        """The numbers a report charts after each action, by label. Default: each player's
        score; a game without one (Kreus, Crôa!) charts what shows how it is going."""
        return {p["name"]: p.get("score") for p in self.summary(state)["players"]}

    def final_steps(self, state: Any) -> dict[str, list[float]]:
        """Running totals of a scoring done step by step at the end (Elysion's look back),
        by player; a report charts them instead of `series`. Default: none."""
        return {}
