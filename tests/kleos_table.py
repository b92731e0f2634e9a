"""A small Kleos table the core's tests act on (the core is exercised through a real game)."""

from __future__ import annotations

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


def glory(god: str, delta: int, reason: str = "a card's effect") -> dict:
    return {"verb": "glory", "god": god, "delta": f"{delta:+d}", "reason": reason}


def check(minion: str, stat: str, dice: str | None = None) -> dict:
    """A stat check a card asks for: rolls (or takes typed) dice, changes nothing else."""
    action = {"verb": "check", "minion": minion, "stat": stat}
    if dice is not None:
        action["dice"] = dice
    return action


def start(store, seed: str = "4"):
    """A new two-player Contest (Ann/Ares on Temple 1 plays first); returns the session id."""
    from referee import session

    loaded, _ = session.create(store, "kleos", NEW_OPTIONS, seed=seed)
    return loaded.id


def to_action_phase(store, sid: str) -> None:
    """Deployment, then both Play Phases: Ann's Action Phase of Day 1 begins."""
    from referee import session

    for _ in range(3):
        session.act(store, sid, NEXT)
