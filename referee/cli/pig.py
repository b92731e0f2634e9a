"""TEMPORARY: Pig's Click group, written by hand only until the CLI is generated from each
game's declaration (referee.cli.generate.group); drop this file then."""

from __future__ import annotations

import click

from referee.cli.common import action_command, game_group, new_options, start

group = game_group("pig")


@group.command("new")
@click.option("--player", "players", multiple=True, required=True, metavar="NAME", help="A player, in seat order.")
@new_options
def new(players: tuple[str, ...], seed: str | None, name: str, dry_run: bool) -> None:
    """Start a Pig session (2-6 players)."""
    start("pig", {"players": list(players)}, seed=seed, name=name, dry_run=dry_run)


@action_command(group, "roll")
@click.argument("player")
@click.option("--die", default=None, metavar="N", help="The die as rolled at the table (default: the referee rolls it).")
def roll(player: str, die: str | None) -> dict:
    """Roll the die: a 1 loses the turn's points, else they grow."""
    return {"verb": "roll", "player": player, "die": die}


@action_command(group, "hold")
@click.argument("player")
def hold(player: str) -> dict:
    """Bank the turn's points and pass the die on."""
    return {"verb": "hold", "player": player}
