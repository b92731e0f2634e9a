"""Liar's Dice's declaration: two verbs and `new`."""

from __future__ import annotations

from typing import Any

from games.liars import rules
from referee.model.verbs import Command, Field, Verb, declare

PLAYER = Field("player", "the player whose turn it is (default: that player)", kind="player")
COUNT = Field("count", "how many dice on the whole table, 1 up to all of them", kind="int", limits=(1, 24))
FACE = Field("face", "the face they show, 1-6", kind="int", limits=(1, 6))

VERBS = declare(
    Verb("bid", rules.bid, help="Bid that at least COUNT dice on the table show FACE (raising the last bid).",
         fields=(PLAYER, COUNT, FACE), actor="player", options=rules.bid_options,
         log=lambda a: f"bid {a['player']} {a['count']} x {a['face']}"),
    Verb("challenge", rules.challenge, help="Call the last bid a lie: the cups are shown, the wrong one loses a die.",
         fields=(PLAYER,), actor="player", options=rules.challenge_options,
         log=lambda a: f"challenge {a['player']}"),
)

PLAYERS = Field("players", "a player, in seat order (one --player each)", option="--player",
                multiple=True, metavar="NAME")


def new(players: list[str] | None) -> dict[str, Any]:
    """The options of a new session, as typed."""
    return {"players": list(players or [])}


COMMANDS = (Command("new", "new", "Start a Liar's Dice session (2-4 players).", run=new, fields=(PLAYERS,)),)
