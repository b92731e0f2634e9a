"""examples/cerebria.txt runs from a fresh store through the shell's batch mode to the end of
the game, and exactly the lines it marks as refused are refused."""

from example_runner import run_example

INTENDED = ["ability Ann 1 draw", "impulse Bob 1"]


def test_example_game_runs_to_single_minded_win(db, capsys):
    run = run_example("cerebria", db, capsys)
    # "ability Ann 1 draw" appears twice: refused on turn 1 (not ready), accepted on turn 4
    assert [(line, code) for line, code in run.codes if code] == [(line, 1) for line in INTENDED]
    assert run.codes[0][0].startswith("new ") and run.codes[0][1] == 0
    summary = run.summary
    # Revelation 1: Ann 3 Bliss 1 Gloom, Bob 0/2, Cy 0/0 (worked out in the example's comments).
    # Revelation 2: Ann 6 collected + 4 (four of a kind red, Mood Bliss) = 13 Bliss, 1 Gloom.
    assert summary["over"] and summary["winners"] == ["Ann"]
    assert summary["outcome"] == "single-minded"
    assert run.loaded.state["scored"] == {"Ann": {"bliss": 13, "gloom": 1},
                                          "Bob": {"bliss": 0, "gloom": 2},
                                          "Cy": {"bliss": 0, "gloom": 0}}
    assert run.loaded.state["revelations"] == 2 and run.loaded.state["last"]["Ann"] == 10
    assert "Ann wins: Single-minded" in run.out
    # Cy kept the card he stole (next-cycle --keep) and it is still shown in his hand
    assert "Cy keeps 4 cards and discards 1; kept in sight: mild-gloom-red-steal" in run.out
    assert run.loaded.state["hands"]["Cy"]["known"][0] == "mild-gloom-red-steal"


def test_md_export_shows_the_bliss_and_gloom_that_decide_the_win(db, capsys):
    from click.testing import CliRunner

    from referee.cli import cli

    run_example("cerebria", db, capsys)
    result = CliRunner().invoke(cli, ["export", "--format", "md"])
    assert result.exit_code == 0, result.output
    # Ann wins Single-minded with 13 Bliss: the total alone (14) would not say so
    assert "| player | score | bliss | gloom |" in result.output
    assert "| Ann | 14 | 13 | 1 |" in result.output
    assert "| Bob | 2 | 0 | 2 |" in result.output
