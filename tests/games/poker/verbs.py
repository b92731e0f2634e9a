"""Poker Dice's declaration: two verbs and `new`."""

from __future__ import annotations

from typing import Any

from games.poker import rules
from games.poker.state import TARGET
from referee.model.verbs import Command, Field, Verb, declare

PLAYER = Field("player", "the player whose turn it is (default: that player)", kind="player")
# one word the handler reads, not a `list` field: a listed action's list would be typed back
# as several words (see docs/engine.md, step 2)
DICE = Field("dice", "the places in the cup of the dice to re-roll, 1-5, comma-separated (1,4)",
             metavar="PLACES")

VERBS = declare(
    Verb("reroll", rules.reroll,
         help="Re-roll the dice at these places in your cup (1-5), once a round.\n\n"
              "The referee rolls them for you alone; the table hears how many you shook.",
         fields=(PLAYER, DICE), actor="player", options=rules.reroll_options, sample=rules.reroll_sample,
         log=lambda a: f"reroll {a['player']} {a['dice']}"),
    Verb("stand", rules.stand, help="Keep your cup as it is this round.",
         fields=(PLAYER,), actor="player", options=rules.stand_options,
         log=lambda a: f"stand {a['player']}"),
)

PLAYERS = Field("players", "a player, in seat order (one --player each)", option="--player",
                multiple=True, metavar="NAME")
TARGET_FIELD = Field("target", f"the points that win (default: {TARGET})", option="--target", kind="int",
                     required=False, limits=(1, 20), metavar="N")


def new(players: list[str] | None, target: int | None = None) -> dict[str, Any]:
    """The options of a new session, as typed."""
    return {"players": list(players or []), "target": TARGET if target is None else target}


COMMANDS = (Command("new", "new", "Start a Poker Dice session (2-5 players).", run=new,
                    fields=(PLAYERS, TARGET_FIELD)),)
