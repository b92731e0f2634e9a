"""A toy game used only by the core's tests: players roll one die in turn; first to 10 wins.

Verbs: roll NAME [--die F], bonus NAME N (a card effect, always legal).
"""

from __future__ import annotations

import random

from referee.engine import Engine, event, summary
from referee.errors import IllegalAction, InputError


class ToyEngine(Engine):
    name = "toy"
    title = "Toy race"
    rules_version = "1"
    min_players = 2
    max_players = 4

    def setup(self, options, chance):
        players = options.get("players") or []
        if not self.min_players <= len(players) <= self.max_players:
            raise IllegalAction("2-4 players", "Setup")
        order = chance.shuffle("seating", players)
        return {"players": order, "score": {p: 0 for p in order}, "turn": 1, "current": 0, "winner": None}

    def apply(self, state, action, chance):
        verb = action["verb"]
        if verb == "roll":
            who = action["player"]
            if who not in state["score"]:
                raise InputError(f"no player '{who}'")
            if state["players"][state["current"]] != who:
                raise IllegalAction(f"it is {state['players'][state['current']]}'s turn", "Turn order")
            face = chance.dice("die", 1, "123456", typed=action.get("die"))[0]
            state["score"][who] += int(face)
            evs = [event(f"{who} rolls {face}", table={"headers": ["player", "score"], "rows": [[who, state["score"][who]]]})]
            if state["score"][who] >= 10:
                state["winner"] = who
                evs.append(event(f"{who} wins"))
            state["current"] = (state["current"] + 1) % len(state["players"])
            if state["current"] == 0:
                state["turn"] += 1
            return state, evs
        if verb == "bonus":
            who = action["player"]
            if who not in state["score"]:
                raise InputError(f"no player '{who}'")
            state["score"][who] += 0 * int(action.get("n", 0))
            return state, [event(f"bonus noted for {who}")]
        raise InputError(f"unknown verb '{verb}'")

    def summary(self, state):
        cur = None if state["winner"] else state["players"][state["current"]]
        return summary("toy", [{"name": p, "score": state["score"][p]} for p in state["players"]], cur, "roll",
                       state["turn"], over=state["winner"] is not None,
                       winners=[state["winner"]] if state["winner"] else [])

    def legal_actions(self, state):
        if state["winner"]:
            return []
        return [{"verb": "roll", "player": state["players"][state["current"]]}]

    def render(self, state):
        return "\n".join(f"{p}: {state['score'][p]}" for p in state["players"])

    def playout_options(self, rng: random.Random):
        return {"players": ["Ann", "Bob", "Cy"][: rng.randint(2, 3)]}

    def check_invariants(self, state):
        assert all(v >= 0 for v in state["score"].values())


ENGINE = ToyEngine()


def make_group():
    """The toy game's Click group, built with the same helpers as the real games."""
    import click

    from referee.cli.common import action_command, game_group, new_options, start

    group = game_group("toy", "A toy dice race (tests only).")

    @group.command("new")
    @click.option("--player", "players", multiple=True, metavar="NAME")
    @new_options
    def new(players, seed, name, dry_run):
        """Start a toy race."""
        start("toy", {"players": list(players)}, seed=seed, name=name, dry_run=dry_run)

    @action_command(group, "roll")
    @click.argument("player")
    @click.option("--die", help="The face rolled at the table (1-6).")
    def roll(player, die):
        """Roll the die for PLAYER."""
        return {"verb": "roll", "player": player, "die": die}

    @action_command(group, "bonus")
    @click.argument("player")
    @click.argument("n", type=int)
    def bonus(player, n):
        """Note a bonus (always legal)."""
        return {"verb": "bonus", "player": player, "n": n}

    return group


def install():
    """Register the toy engine and add its group to the root command (idempotent)."""
    from referee import registry
    from referee.cli import cli

    registry.register(ENGINE)
    if "toy" not in cli.commands:
        cli.add_command(make_group())
