"""examples/kreus.txt runs from a fresh store through the shell's batch mode to game over,
and exactly the lines it marks as refused are refused."""

from example_runner import marked_refusals, run_example

REFUSED = ["reveal Bob fire --on atmosphere", "reveal Bob river"]


def test_example_game_runs_to_success_with_only_the_intended_refusals(db, capsys):
    run = run_example("kreus", db, capsys)
    assert run.refused == REFUSED == marked_refusals("kreus")
    assert all(code == 1 for _, code in run.codes if code)  # rule refusals, not usage errors
    assert run.codes[0][0].startswith("new ")
    summary = run.summary
    # The Planet is completed on turn 8 with all four Elements; Cy (who discarded Fish on
    # turn 2) holds a single card, so the outcome is success, not perfection.
    assert summary["over"] and summary["outcome"] == "success" and summary["turn"] == 8
    assert summary["winners"] == ["Ann", "Bob", "Cy", "Dee"]
    assert [p["hand"] for p in summary["players"]] == [2, 2, 1, 2]
    assert "Not perfection: Cy holds 1" in run.out
