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

from example_runner import run_example

REFUSED = [
    'attach ares "Curse of Ares" --to athena:champion --as curse',  # Curses: never on a champion
    "next ares",  # Turn order: Ann's Play Phase has ended; a `next` too many ends nothing
    "move ares:2 isle2",  # Movement: an Isle connects only to the Port
]


def test_example_game_runs_to_the_end_with_only_the_intended_refusals(db, capsys):
    run = run_example("kleos", db, capsys)
    assert run.refused == REFUSED, run.err
    assert all(code == 1 for line, code in run.codes if line in REFUSED)  # refused by a rule
    assert run.codes[-1] == ("ledger", 0) and len(run.codes) > 80
    summary = run.summary
    assert summary["over"] and summary["winners"] == ["Bob"]
    assert {p["name"]: p["score"] for p in summary["players"]} == {"Ann": 16, "Bob": 16}
    assert run.loaded.state["result"]["decided_by"].startswith("tie-breaker 1")
    assert run.loaded.state["city_glory"] == {"ares": 0, "athena": 4}
    assert "Winner: Bob (Athena) (tie-breaker 1" in run.out and "SLAUGHTER" in run.out
