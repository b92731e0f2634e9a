"""Scripted games for the after-the-game tests, played as `referee --db DB play GAME < script`."""

from __future__ import annotations

import io
from pathlib import Path

from kleos_table import ISLE_SCRIPT

from referee.cli.context import Referee
from referee.cli.shell import Shell
from referee.record import session

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
KLEOS_NEW = ("new --player Ann:ares --player Bob:athena --champion ares=4/3/2/1 "
             "--champion athena=3/3/4/2 --temple ares:h1 --seed 4")
# Kleos with nobody fighting: 21 `next`s take the Contest through Dusk of Day 5 with no
# glory at all; 0-0 and every tie-breaker equal (no city, champions at home): shared victory.
KLEOS_SHARED = "\n".join([KLEOS_NEW, ISLE_SCRIPT, *["next"] * 21])  # the Isles filled first
# Kreus: an Aggression card revealed on the first turn loses the game at once (defeat).
KREUS_DEFEAT = """new --player Ann --player Bob --player Cy --player Dee --first Ann --seed 1
tokens Ann 1
tokens Bob 1
tokens Cy 1
ready Ann
ready Bob
ready Cy
ready Dee
next
reveal Ann hekatonkheires
"""
# An unfinished Kleos game: Cy never finished one, so Cy has no Kleos row at all.
KLEOS_UNFINISHED = KLEOS_NEW.replace("Bob:athena", "Cy:athena") + "\n" + ISLE_SCRIPT + "\nnext\n"


def play(db: Path, game: str, script: str) -> str:
    """Run a script through the shell, as `referee --db DB play GAME < script`; the session id."""
    ref = Referee()
    ref.configure(str(db), None, False)
    shell = Shell(ref, game=game)
    assert shell.run_script(io.StringIO(script)) == 0
    store = ref.store()
    sid = session.resolve(store, game, None)
    ref.close()
    return sid
