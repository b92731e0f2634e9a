"""examples/croa.txt: the scripted game runs through the shell's batch mode to Ann's win."""

from example_runner import run_example

# The two refusals the example shows on purpose (the shell prints them and goes on).
REFUSED = [
    "move g6 f5 -t r",  # Mud: a stuck frog cannot move on its owner's next turn
    "move c2 d3 -t r",  # the queen and her baby share b2: one of them must move
]


def test_example_game_runs_to_the_end_refusing_only_the_intended_lines(db, capsys):
    run = run_example("croa", db, capsys)
    assert run.refused == REFUSED, run.err
    assert all(code == 1 for line, code in run.codes if line in REFUSED)  # rule refusals, exit 1
    assert run.summary["over"] and run.summary["winners"] == ["Ann"]
    assert "Bob's colony is eliminated (Ann's servant landed on Bob's queen)." in run.out
    assert "Game over: Ann's queen is the last in the pond." in run.out
    # the shared square is announced on Bob's turn, before Ann's refused move
    assert "Turn 4 (round 2) · Bob (blue) to play." in run.out
    assert "Ann's queen and a servant share b2: one must move on Ann's next turn." in run.out
    assert run.summary["turn"] == 17


def test_card_module_the_card_example_plays_its_cards_to_the_end(db, capsys):
    # examples/croa-cards.txt, real hands (--cards): Bob cancels Ann's force, keeps her frog on
    # a lily pad with a Thunderclap, adds a frog, then mega-jumps his queen onto a pike
    run = run_example("croa", db, capsys, example="croa-cards")
    assert run.refused == []
    assert run.summary["over"] and run.summary["winners"] == ["Ann"] and run.summary["turn"] == 4
    for said in ("May the force... is cancelled.", "Thunderclap: the frog stays on the lily pad at a3",
                 "One more frog: Bob's servant joins the pond on g7 (reeds, no effect).",
                 "Ann plays 'Tornade', a card the referee does not know", "Mega-jump works.",
                 "Bob's colony is eliminated (its queen was eaten by the pike on f6)."):
        assert said in run.out, said
    assert run.loaded.state["discard"] == {"the_force": 1, "doesnt_work": 1, "thunderclap": 1,
                                           "one_more_frog": 1, "tornade": 1, "mega_jump": 1}
