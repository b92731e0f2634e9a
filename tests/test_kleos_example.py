"""examples/kleos.txt runs from a fresh store through the shell's batch mode, to game over.

The Contest it plays, glory by hand (Ann: Ares on Temple 1, Bob: Athena on Temple 5):

Day 1  Ann recruits Myrina +1; Bob's Hoplite kills Ann's +1.
       Dusk: Port Bob (2) +2, Market Ann +1, Theater Bob +1.        Ann 2, Bob 4
Day 2  Achilles kills Bob's Hoplite in retaliation, Ann +1; Achilles slaughters the other
       (5 dice: 4 + Tactics 1; 5 successes - Defense 2 = 3), Ann +1 +1, Olympus' Favor.
       Dusk: Port Ann (2 against 1) +2, Theater Ann +1.            Ann 8, Bob 4
Day 3  Achilles defeats Odysseus (Godly dice, ssg--- = 3 against Defense 3), Ann +2;
       Odysseus kills Ann's Hoplite, Bob +1.
       Dusk: Port Ann (3 against 2) +2, Theater Bob +1.            Ann 12, Bob 6
Day 4  Zeus' Pity (6 behind): Bob's Zeus card +3. Hoplite and Myrina kill each other:
       Bob +1, Ann +1. Bob recruits the Hydra +1.
       Dusk: Port Ann +2, Market Ann +1, Theater Bob +1.            Ann 16, Bob 12
Day 5  Dusk: Port Bob (3 against 1) +2; Market 1 against 1, Odysseus (a champion) breaks
       the tie, Bob +1; Theater Bob +1.                             Ann 16, Bob 16
Tie: tie-breaker 1, city glory on Day 5: Bob 4, Ann 0. Bob wins.
"""

from __future__ import annotations

from pathlib import Path

from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.output import DummyOutput

from referee import session
from referee.cli.context import Referee
from referee.shell import Shell

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "kleos.txt"
REFUSED = [
    'attach ares "Curse of Ares" --to athena:champion --as curse',  # Curses: never on a champion
    "move ares:2 isle2",  # Movement: an Isle connects only to the Port
]


def test_example_game_runs_to_the_end_with_only_the_intended_refusals(db, capsys):
    ref = Referee()
    ref.configure(str(db), None, False)
    shell = Shell(ref, game="kleos", output=DummyOutput(), history=InMemoryHistory())
    with EXAMPLE.open(encoding="utf-8") as script:
        assert shell.run_script(script) == 0
    ran = [(line.strip(), code) for line, code in shell.script_codes]
    refused = [line for line, code in ran if code]
    assert refused == REFUSED, capsys.readouterr()
    assert all(code == 1 for line, code in ran if line in REFUSED)  # refused by a rule
    assert ran[-1] == ("ledger", 0) and len(ran) > 80

    store = ref.store()
    loaded = session.load(store, session.resolve(store, "kleos", None))
    summary = loaded.summary
    assert summary["over"] and summary["winners"] == ["Bob"]
    assert {p["name"]: p["score"] for p in summary["players"]} == {"Ann": 16, "Bob": 16}
    assert loaded.state["result"]["decided_by"].startswith("tie-breaker 1")
    assert loaded.state["city_glory"] == {"ares": 0, "athena": 4}
    out = capsys.readouterr().out
    assert "Winner: Bob (Athena) (tie-breaker 1" in out and "SLAUGHTER" in out
