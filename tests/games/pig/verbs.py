"""Pig's declaration: two verbs."""

from __future__ import annotations

from typing import Any

from games.pig import rules
from referee.model.verbs import Command, Field, Verb, declare

PLAYER = Field("player", "the player whose turn it is (default: that player)", kind="player")
DIE = Field("die", "the die as rolled at the table, 1-6 (default: the referee rolls it)",
            option="--die", required=False, result=True, metavar="N")


def _roll_line(action: dict) -> str:
    return f"roll {action['player']}" + (f" --die {action['die']}" if action.get("die") is not None else "")


VERBS = declare(
    Verb("roll", rules.roll, help="Roll the die: a 1 loses the turn's points, else they grow.",
         fields=(PLAYER, DIE), actor="player", options=rules.roll_options, log=_roll_line),
    Verb("hold", rules.hold, help="Bank the turn's points and pass the die on.",
         fields=(PLAYER,), actor="player", options=rules.hold_options,
         log=lambda a: f"hold {a['player']}"),
)


PLAYERS = Field("players", "a player, in seat order (one --player each)", option="--player",
                multiple=True, metavar="NAME")


def new(players: list[str] | None) -> dict[str, Any]:
    """The options of a new session, as typed."""
    return {"players": list(players or [])}


# `new` is declared beside the verbs: the CLI is generated from both (referee.cli.generate)
COMMANDS = (Command("new", "new", "Start a Pig session (2-6 players).", run=new, fields=(PLAYERS,)),)
