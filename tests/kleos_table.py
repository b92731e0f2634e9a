"""A small Kleos table the core's tests act on (the core is exercised through a real game)."""

from __future__ import annotations

import shlex

NEW_ARGS = ["kleos", "new", "--player", "Ann:ares", "--player", "Bob:athena", "--champion", "ares=4/3/2/1",
            "--champion", "athena=3/3/4/2", "--temple", "ares:h1", "--seed", "4"]
NEW_OPTIONS = {
    "players": [{"name": "Ann", "god": "ares"}, {"name": "Bob", "god": "athena"}],
    "temples": {"ares": "h1"},
    "champions": {
        "ares": {"name": "Ares' Champion", "attack": 4, "defense": 3, "cunning": 2, "tactics": 1},
        "athena": {"name": "Athena's Champion", "attack": 3, "defense": 3, "cunning": 4, "tactics": 2},
    },
}
NEXT = {"verb": "next"}
# Setup puts one Epic card on each of the five Isles; Deployment cannot end before (RULINGS).
ISLE_CARDS = {"isle1": ("Amazonian Queen Myrina", "3/2/2/1", 1),
              "isle2": ("Minotaur", "3/3/1/1", 2), "isle3": ("Medusa", "3/2/2/0", 3),
              "isle4": ("Hydra", "4/3/1/1", 2), "isle5": ("Chimera", "4/2/1/1", 2)}
# The same through the CLI: each card once in the library, then on its Isle.
ISLE_LINES = [line for isle, (name, stats, disposition) in ISLE_CARDS.items()
              for line in (["kleos", "card", "add", name, "--stats", stats, "--epic",
                            "--disposition", str(disposition)],
                           ["kleos", "isle", isle, name])]
ISLE_SCRIPT = "\n".join(shlex.join(line[1:]) for line in ISLE_LINES)  # for the shell


def isle_actions() -> list[dict]:
    """The five `isle` actions, each card's stats copied in as the CLI does."""
    out = []
    for isle, (name, stats, disposition) in ISLE_CARDS.items():
        a, d, c, t = (int(x) for x in stats.split("/"))
        card = {"name": name, "attack": a, "defense": d, "cunning": c, "tactics": t,
                "disposition": disposition, "keywords": ["epic"]}
        out.append({"verb": "isle", "isle": isle, "card": name, "stats": card})
    return out


def glory(god: str, delta: int, reason: str = "a card's effect") -> dict:
    return {"verb": "glory", "god": god, "delta": f"{delta:+d}", "reason": reason}


def check(minion: str, stat: str, dice: str | None = None) -> dict:
    """A stat check a card asks for: rolls (or takes typed) dice, changes nothing else."""
    action = {"verb": "check", "minion": minion, "stat": stat}
    if dice is not None:
        action["dice"] = dice
    return action


def start(store, seed: str = "4", isles: bool = False):
    """A new two-player Contest (Ann/Ares on Temple 1 plays first); returns the session id.
    With `isles`, setup lays the five Epic cards (no `isle` actions in the log)."""
    from referee import session

    options = {**NEW_OPTIONS, "isles": {a["isle"]: a["stats"] for a in isle_actions()}} if isles else NEW_OPTIONS
    loaded, _ = session.create(store, "kleos", options, seed=seed)
    return loaded.id


def fill_isles(store, sid: str) -> None:
    """Setup's Epic card on each Isle: five actions."""
    from referee import session

    for action in isle_actions():
        session.act(store, sid, action)


def to_action_phase(store, sid: str) -> None:
    """The Isles filled (five actions), Deployment ended, then both Play Phases: Ann's Action
    Phase of Day 1 begins."""
    from referee import session

    fill_isles(store, sid)
    for _ in range(3):
        session.act(store, sid, NEXT)
