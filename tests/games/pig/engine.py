"""The Pig engine: the facts, the setup and what the table sees."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from games.pig.rules import turn_points
from games.pig.state import GOAL, PigState
from games.pig.verbs import COMMANDS, VERBS
from referee.model.chance import Chance
from referee.model.engine import Engine
from referee.model.errors import InputError

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo")


class PigEngine(Engine):
    name = "pig"
    title = "Pig"
    rules_version = "1"
    min_players = 2
    max_players = 6
    series_word = "points"
    verbs = VERBS
    commands = COMMANDS  # `new` (read by the generated CLI)
    rules: ClassVar[dict[str, str]] = {"over": f"End of the game: the first to {GOAL} points has won"}
    legal_exact = True

    def setup(self, options: dict, chance: Chance) -> PigState:
        players = [str(p).strip() for p in options.get("players") or []]
        if any(not p for p in players):
            raise InputError("a player needs a name")
        if len({p.casefold() for p in players}) != len(players):
            raise InputError("two players have the same name")
        return {"players": players, "scores": dict.fromkeys(players, 0), "seat": 0, "turn": 1,
                "rolls": [], "winner": None, "pending": []}

    def current(self, state: PigState) -> str | None:
        return None if state["winner"] else state["players"][state["seat"]]

    def phase(self, state: PigState) -> str:
        return "over" if state["winner"] else "play"

    def is_over(self, state: PigState) -> bool:
        return state["winner"] is not None

    def summarize(self, state: PigState) -> dict:
        return {"players": [{"name": p, "score": state["scores"][p]} for p in state["players"]],
                "turn": state["turn"], "winners": [state["winner"]] if state["winner"] else [],
                "outcome": None}

    def render(self, state: PigState) -> str:
        lines = [f"Pig, turn {state['turn']} (first to {GOAL} wins)"]
        for seat, player in enumerate(state["players"]):
            mark = ">" if seat == state["seat"] and not state["winner"] else " "
            lines.append(f" {mark} {player:<20} {state['scores'][player]:>3}")
        if state["winner"]:
            lines.append(f"{state['winner']} has won.")
        else:
            rolled = " ".join(map(str, state["rolls"])) or "nothing yet"
            lines.append(f"{state['players'][state['seat']]} to roll or hold; this turn: "
                         f"{turn_points(state)} ({rolled})")
        return "\n".join(lines)

    def playout_options(self, rng: random.Random) -> dict:
        return {"players": list(NAMES[:rng.randint(self.min_players, 4)])}

    def check_invariants(self, state: Any) -> None:
        assert 1 not in state["rolls"], "a 1 ends the turn"
        assert all(2 <= r <= 6 for r in state["rolls"])
        assert all(s >= 0 for s in state["scores"].values())
        leaders = [p for p, s in state["scores"].items() if s >= GOAL]
        assert leaders == ([state["winner"]] if state["winner"] else []), "the first to the goal ends it"
