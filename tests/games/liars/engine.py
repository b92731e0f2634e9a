"""The Liar's Dice engine: the facts, the setup, what is hidden and what the table sees."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from games.liars.rules import roll_cups
from games.liars.state import DICE, LiarsState
from games.liars.verbs import COMMANDS, VERBS
from referee.model.chance import Chance
from referee.model.engine import Engine, HiddenInfo
from referee.model.errors import InputError
from referee.model.view import Secret, hidden_list

NAMES = ("Ann", "Bob", "Cy", "Dee")


class LiarsHidden(HiddenInfo):
    """Hidden information: each player's cup of dice, rolled by the referee for that player."""

    def secrets(self, state: LiarsState) -> list[Secret]:
        """Each cup is its player's: the others see how many dice are in it."""
        return [Secret(("cups", p), p, hidden_list(cup), "cup") for p, cup in state["cups"].items() if cup]


class LiarsEngine(Engine):
    name = "liars"
    title = "Liar's Dice"
    rules_version = "1"
    min_players = 2
    max_players = 4
    series_word = "dice"
    verbs = VERBS
    commands = COMMANDS
    rules: ClassVar[dict[str, str]] = {"over": "End of the game: the last player with dice has won"}
    legal_exact = True
    hidden = LiarsHidden()  # the cups

    def setup(self, options: dict, chance: Chance) -> LiarsState:
        players = [str(p).strip() for p in options.get("players") or []]
        if any(not p for p in players):
            raise InputError("a player needs a name")
        if len({p.casefold() for p in players}) != len(players):
            raise InputError("two players have the same name")
        state: LiarsState = {"players": players, "dice": dict.fromkeys(players, DICE), "cups": {},
                             "seat": 0, "round": 1, "turn": 1, "bid": None, "shown": None, "winner": None,
                             "pending": []}
        roll_cups(state, chance)
        return state

    def current(self, state: LiarsState) -> str | None:
        return None if state["winner"] else state["players"][state["seat"]]

    def phase(self, state: LiarsState) -> str:
        return "over" if state["winner"] else "bidding"

    def is_over(self, state: LiarsState) -> bool:
        return state["winner"] is not None

    def summarize(self, state: LiarsState) -> dict:
        return {"players": [{"name": p, "score": state["dice"][p]} for p in state["players"]],
                "turn": state["turn"], "winners": [state["winner"]] if state["winner"] else [],
                "outcome": None}

    def render(self, state: LiarsState) -> str:
        """The table as the viewer sees it: the core hands it the masked state, so a cup shows
        `?` a die except the viewer's own."""
        lines = [f"Liar's Dice, round {state['round']}"]
        for seat, p in enumerate(state["players"]):
            mark = ">" if seat == state["seat"] and not state["winner"] else " "
            cup = " ".join(state["cups"].get(p) or []) or "-"
            lines.append(f" {mark} {p:<12} {state['dice'][p]} dice   cup: {cup}")
        bid = state["bid"]
        lines.append(f"Bid: {bid['player']} says {bid['count']} x {bid['face']}." if bid else "No bid yet this round.")
        if state["shown"]:
            lines.append("Last challenge showed: " + "; ".join(f"{p} {' '.join(c)}" for p, c in state["shown"].items()))
        if state["winner"]:
            lines.append(f"{state['winner']} has won.")
        else:
            lines.append(f"{state['players'][state['seat']]} to bid or challenge.")
        return "\n".join(lines)

    def playout_options(self, rng: random.Random) -> dict:
        return {"players": list(NAMES[:rng.randint(self.min_players, 3)])}

    def check_invariants(self, state: Any) -> None:
        for p in state["players"]:
            assert 0 <= state["dice"][p] <= DICE
            if not state["winner"]:
                assert len(state["cups"][p]) == state["dice"][p], "a cup holds the player's dice"
        alive = [p for p in state["players"] if state["dice"][p]]
        assert (len(alive) == 1) == (state["winner"] is not None), "the last with dice wins"
