"""Kleos on the one harness, `referee.testing.Table`: the small table the core's tests act
on (the core is exercised through a real game), and the positions the Kleos tests start
from (no tests here).

Actions go through `Table.act`/`Table.refuse` as the log keeps them (`do(...)` builds
one); `new_game` starts a Contest with the cards known to the session and an Epic card on
each Isle; `place` puts a minion somewhere for a scenario by a card's effect (`move
--effect`: no action spent), declining any opportunity attack it opens.
"""

from __future__ import annotations

import shlex
from typing import Any

from referee.testing import Table

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
# Setup puts one Epic card on each of the five Isles; Deployment cannot end before (docs/rulings/kleos.md).
ISLE_STATS = {"isle1": ("Amazonian Queen Myrina", "3/2/2/1", 1),
              "isle2": ("Minotaur", "3/3/1/1", 2), "isle3": ("Medusa", "3/2/2/0", 3),
              "isle4": ("Hydra", "4/3/1/1", 2), "isle5": ("Chimera", "4/2/1/1", 2)}
# The same through the CLI: each card once in the library, then on its Isle.
ISLE_LINES = [line for isle, (name, stats, disposition) in ISLE_STATS.items()
              for line in (["kleos", "card", "add", name, "--stats", stats, "--epic",
                            "--disposition", str(disposition)],
                           ["kleos", "isle", isle, name])]
ISLE_SCRIPT = "\n".join(shlex.join(line[1:]) for line in ISLE_LINES)  # for the shell


def isle_actions() -> list[dict]:
    """The five `isle` actions, each card's stats copied in as the CLI does."""
    out = []
    for isle, (name, stats, disposition) in ISLE_STATS.items():
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
    from referee.record import session

    options = {**NEW_OPTIONS, "isles": {a["isle"]: a["stats"] for a in isle_actions()}} if isles else NEW_OPTIONS
    loaded, _ = session.create(store, "kleos", options, seed=seed)
    return loaded.id


def fill_isles(store, sid: str) -> None:
    """Setup's Epic card on each Isle: five actions."""
    from referee.record import session

    for action in isle_actions():
        session.act(store, sid, action)


def to_action_phase(store, sid: str) -> None:
    """The Isles filled (five actions), Deployment ended, then both Play Phases: Ann's Action
    Phase of Day 1 begins."""
    from referee.record import session

    fill_isles(store, sid)
    for _ in range(3):
        session.act(store, sid, NEXT)


# -- positions for the Kleos tests ---------------------------------------------------------

CARDS = {
    "Hoplite Warrior": {"attack": 2, "defense": 2, "cunning": 1, "tactics": 1},
    "Centaur": {"attack": 2, "defense": 2, "cunning": 2, "tactics": 1, "swift": True},
    "Priest of the Olympian Gods": {"attack": 1, "defense": 1, "cunning": 2, "tactics": 3},
    "Cyclops": {"attack": 4, "defense": 3, "cunning": 0, "tactics": -2},
    "Amazonian Queen Myrina": {"attack": 3, "defense": 2, "cunning": 2, "tactics": 1,
                               "disposition": 1, "keywords": ["epic", "hero"]},
    "Minotaur": {"attack": 3, "defense": 3, "cunning": 1, "tactics": -1, "disposition": 2,
                 "hunter": [2, 1], "keywords": ["epic", "monster"]},
    "Theseus": {"attack": 3, "defense": 3, "cunning": 3, "tactics": 2,
                "keywords": ["epic", "hero"]},
    "Medusa": {"attack": 3, "defense": 2, "cunning": 2, "tactics": 0, "disposition": 3,
               "keywords": ["epic", "monster"]},
    "Hydra": {"attack": 4, "defense": 3, "cunning": 1, "tactics": -1, "disposition": 2,
              "keywords": ["epic", "monster"]},
    "Chimera": {"attack": 4, "defense": 2, "cunning": 1, "tactics": -1, "disposition": 2,
                "keywords": ["epic", "monster"]},
    "Cerberus": {"attack": 4, "defense": 3, "cunning": 0, "tactics": -1, "disposition": 3,
                 "keywords": ["epic", "monster"]},
}
# Setup puts one Epic card on each of the five Isles (docs/rulings/kleos.md); Theseus stays a hand card.
ISLE_CARDS = {"isle1": "Amazonian Queen Myrina", "isle2": "Minotaur", "isle3": "Medusa",
              "isle4": "Hydra", "isle5": "Chimera"}
MINOTAUR_IN_HAND = {"isle2": "Cerberus"}  # isles= for a game where the Minotaur is deployed
CHAMPIONS = {
    "ares": {"name": "Achilles", "attack": 4, "defense": 3, "cunning": 2, "tactics": 1},
    "athena": {"name": "Odysseus", "attack": 3, "defense": 3, "cunning": 4, "tactics": 2},
    "hermes": {"name": "Autolycus", "attack": 3, "defense": 2, "cunning": 4, "tactics": 1,
               "swift": True},
    "artemis": {"name": "Atalanta", "attack": 3, "defense": 2, "cunning": 3, "tactics": 1},
    "dionysus": {"name": "Silenus", "attack": 2, "defense": 3, "cunning": 3, "tactics": 2},
}


def do(verb: str, **fields: Any) -> dict[str, Any]:
    """An action as the log keeps it (fields left at None are left out)."""
    return {"verb": verb, **{k: v for k, v in fields.items() if v is not None}}


def said(events: list[dict[str, Any]]) -> str:
    """The events of an action as the table reads them, one line each."""
    return "\n".join(e["text"] for e in events)


def results(t: Table) -> list[dict[str, Any]]:
    """The random results the last action recorded."""
    return t.loaded.records[-1]["results"]


def minion(t: Table, ref: str) -> dict[str, Any]:
    return t.state["minions"][ref]


def glory_of(t: Table, god: str) -> int:
    return t.state["glory"][god]


def ledger(t: Table) -> list[dict[str, Any]]:
    """The glory ledger as the `ledger` view reads it: from the log, replayed."""
    from referee.games.kleos.state import ledger as read
    from referee.record import session

    loaded = t.loaded
    return list(read(session.steps(loaded.engine, loaded.seed, loaded.records), loaded.engine.verbs))


def place(t: Table, ref: str, location: str) -> None:
    """Put a minion somewhere for a scenario, as a card's effect would (no action spent);
    an opportunity attack it opens is declined by everyone."""
    if minion(t, ref)["location"] != location:
        t.act(do("move", minion=ref, to=location, effect=True))
        if t.state["pending"]:
            t.act(do("pass", god="all"))


def action_phase(t: Table) -> None:
    """From Deployment or a Play Phase, `next` until the first Action Phase."""
    while t.state["phase"] != "action":
        t.act(do("next"))


def queue(t: Table) -> list[str]:
    """The gods an opportunity attack is offered to, in order: the one asked now, then the
    rest (the pending list holds only the head; its data keeps who is asked next)."""
    return [god for p in t.state["pending"] if p["decision"] == "opportunity-attack"
            for god in (p["data"]["god"], *p["data"]["then"])]


def contest(options: dict[str, Any], seed: str = "test") -> Table:
    """A Contest from `new` options as the log keeps them."""
    return Table("kleos", options=options, seed=seed)


def new_game(gods: tuple[str, ...] = ("ares", "athena"), temples: dict[str, str] | None = None,
             seed: str = "test", deploy: dict[str, list[str]] | None = None,
             isles: bool | dict[str, str] = True, **options: Any) -> Table:
    """Ann, Bob, Cy... as the gods given; temples H1, H5 (or as given); cards known to the
    session; with `isles`, an Epic card on each Isle (ISLE_CARDS, updated by a dict given)."""
    names = ["Ann", "Bob", "Cy", "Dee", "Eve"]
    opts = {"players": [{"name": names[i], "god": g} for i, g in enumerate(gods)],
            "champions": {g: CHAMPIONS[g] for g in gods}, "cards": CARDS, **options}
    if temples is None and len(gods) == 2:
        temples = {gods[0]: "h1", gods[1]: "h5"}
    if temples:
        opts["temples"] = temples
    t = contest(opts, seed)
    if isles:
        for isle, card in {**ISLE_CARDS, **(isles if isinstance(isles, dict) else {})}.items():
            t.act(do("isle", isle=isle, card=card))
    for god, cards in (deploy or {}).items():
        t.act(do("deploy", god=god, cards=cards))
    return t
