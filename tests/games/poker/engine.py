"""The Poker Dice engine: the facts, the setup, what is hidden and what the table sees."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from games.poker import hands
from games.poker.rules import roll_cups
from games.poker.state import DICE, TARGET, PokerState
from games.poker.verbs import COMMANDS, VERBS
from referee.model.chance import Chance
from referee.model.engine import Engine, HiddenInfo
from referee.model.errors import InputError
from referee.model.view import HIDDEN, Secret, hidden_list

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")


class PokerHidden(HiddenInfo):
    """Hidden information: each player's cup of dice, rolled by the referee for that player."""

    def secrets(self, state: PokerState) -> list[Secret]:
        """Each cup is its player's: the others see five dice under it."""
        return [Secret(("cups", p), p, hidden_list(cup), "cup") for p, cup in state["cups"].items() if cup]


class PokerEngine(Engine):
    name = "poker"
    title = "Poker Dice"
    rules_version = "1"
    min_players = 2
    max_players = 5
    series_word = "points"
    verbs = VERBS
    commands = COMMANDS
    rules: ClassVar[dict[str, str]] = {"over": "End of the game: the first to the target in points has won"}
    legal_exact = True
    hidden = PokerHidden()  # the cups

    def setup(self, options: dict, chance: Chance) -> PokerState:
        players = [str(p).strip() for p in options.get("players") or []]
        if any(not p for p in players):
            raise InputError("a player needs a name")
        if len({p.casefold() for p in players}) != len(players):
            raise InputError("two players have the same name")
        target = options.get("target", TARGET)
        if not isinstance(target, int) or isinstance(target, bool) or target < 1:
            raise InputError(f"the target is a number of points, at least 1, not {target!r}")
        state: PokerState = {"players": players, "target": target, "scores": dict.fromkeys(players, 0),
                             "cups": {}, "rerolled": {}, "done": [], "seat": 0, "round": 1, "turn": 1,
                             "shown": None, "best": [], "winner": None, "pending": []}
        roll_cups(state, chance)
        return state

    def current(self, state: PokerState) -> str | None:
        return None if state["winner"] else state["players"][state["seat"]]

    def phase(self, state: PokerState) -> str:
        return "over" if state["winner"] else "rolling"

    def is_over(self, state: PokerState) -> bool:
        return state["winner"] is not None

    def summarize(self, state: PokerState) -> dict:
        return {"players": [{"name": p, "score": state["scores"][p]} for p in state["players"]],
                "turn": state["turn"], "winners": [state["winner"]] if state["winner"] else [],
                "outcome": None}

    def render(self, state: PokerState) -> str:
        """The table as the viewer sees it: the core hands it the masked state, so a cup shows
        `?` a die except the viewer's own."""
        lines = [f"Poker Dice, round {state['round']} (first to {state['target']} points)"]
        for seat, p in enumerate(state["players"]):
            mark = ">" if seat == state["seat"] and not state["winner"] else " "
            cup = state["cups"].get(p) or []
            hand = f" ({hands.name(cup)})" if cup and HIDDEN not in cup else ""
            did = ("" if p not in state["done"] else
                   f", re-rolled {state['rerolled'][p]}" if state["rerolled"].get(p) else ", stood")
            points = "1 point " if state["scores"][p] == 1 else f"{state['scores'][p]} points"
            lines.append(f" {mark} {p:<12} {points}   cup: {' '.join(cup) or '-'}{hand}{did}")
        if state["shown"]:  # a line a player: five players' hands fit no 80 columns on one
            lines.append("Last showdown:")
            lines += [f"   {p:<12} {' '.join(c)} ({hands.name(c)})" for p, c in state["shown"].items()]
        if state["winner"]:
            lines.append(f"{state['winner']} has won.")
        else:
            lines.append(f"{state['players'][state['seat']]} to re-roll or stand.")
        return "\n".join(lines)

    def playout_options(self, rng: random.Random) -> dict:
        return {"players": list(NAMES[:rng.randint(self.min_players, 3)]), "target": rng.randint(TARGET, TARGET + 2)}

    def check_invariants(self, state: Any) -> None:
        n = len(state["players"])
        assert all(0 <= s <= state["target"] for s in state["scores"].values())
        if state["winner"]:
            assert state["scores"][state["winner"]] == state["target"], "the first to the target wins"
            assert sum(s >= state["target"] for s in state["scores"].values()) == 1
            return
        assert all(s < state["target"] for s in state["scores"].values())
        for p in state["players"]:
            assert len(state["cups"][p]) == DICE and all(f in "123456" for f in state["cups"][p])
        assert len(state["done"]) < n and len(set(state["done"])) == len(state["done"])
        assert state["seat"] == ((state["round"] - 1) + len(state["done"])) % n, "in turn from the round's opener"
