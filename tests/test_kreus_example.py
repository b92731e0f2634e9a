"""examples/kreus.txt runs from a fresh store through the shell's batch mode to game over,
and exactly the lines it marks as refused are refused."""

from example_runner import marked_refusals, run_example

REFUSED = ["discard Cy flower", "reveal Bob fire --on atmosphere", "reveal Cy water"]


def test_example_game_runs_to_success_with_only_the_intended_refusals(db, capsys):
    run = run_example("kreus", db, capsys)
    assert run.refused == REFUSED == marked_refusals("kreus")
    assert all(code == 1 for _, code in run.codes if code)  # rule refusals, not usage errors
    assert run.codes[0][0].startswith("new ")
    summary = run.summary
    state = run.loaded.state
    # The Planet is completed by Cy's Water, the third reveal of turn 9, with all four
    # Elements. Every Aggression card was seen first (Thunderbolts on turns 3, 4 and 5, the
    # Hekatonkheires on 4, the Storm on 7), so none can be held: a success, not a defeat.
    assert summary["over"] and summary["outcome"] == "success" and summary["turn"] == 9
    assert summary["winners"] == ["Ann", "Bob", "Cy", "Dee"]
    assert state["end_reason"] == "planet" and state["aggression_held"] is False
    assert sum(state["pool"][a] for a in ("thunderbolts", "storm", "hekatonkheires")) == 0
    assert sorted(state["discard"]) == sorted(["air", "earth", "water", "hekatonkheires",
                                               "storm", "thunderbolts", "thunderbolts",
                                               "thunderbolts"])
    # 40 cards, 10 each. Revealed: Ann 9, Bob 9, Cy 9 (and Fish discarded), Dee 8 with her
    # turn-9 card still face down. Not perfection: Ann and Bob hold 1 card, Cy none.
    assert [(p["hand"], p["face_down"]) for p in summary["players"]] == [
        (1, 0), (1, 0), (0, 0), (1, 1)]
    # The 4 cards never seen: Tree, Flower, one Air, one Earth (the Fire and Water all played).
    assert {c: n for c, n in state["pool"].items() if n} == {"air": 1, "earth": 1, "tree": 1,
                                                            "flower": 1}
    # Energy: 7 tokens, conserved. Bob's turn-8 exchange (2) leaves him 1; his Planet and his
    # Mountain each earn one back, so he ends with 3 and the Reserve keeps 1.
    assert [p["energy"] for p in summary["players"]] == [0, 3, 2, 1]
    assert state["reserve"] == 1
    assert "Not perfection: Ann holds 1, Bob holds 1, Cy holds 0" in run.out
    assert "Every Aggression card has been seen" in run.out
    # Ann was dealt the Planet; Dee's turn-2 exchange and Bob's turn-8 one let it reach Bob.
    assert "Bob reveals Planet and puts it into play" in run.out
