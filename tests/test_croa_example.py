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
