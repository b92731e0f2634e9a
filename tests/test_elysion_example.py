"""examples/elysion.txt runs from a fresh store to the end of the game, through the shell.

Every line is accepted except the two refused on purpose, each marked by a
`# REFUSED` comment just above it. Final glory, worked out card by card in
the look back (see the comments of examples/elysion.txt):
  Ann 60 = 10 sky 2 + 13 6 + 63 3 + 44 8 + 22 0 + Stone Giant 5 + 12 8 + 32* 10 (gave up
           Aegis) + 2 3; Olive Branch 4, Trident 4, Muse's Scroll 7.
  Bob 75 = 4 0 + 1 2 + Ferryman 4 + 46 0 (offering missed) + 55 10 + 42 5 + 15 8 + 33 8
           + 5 6; Golden Apple 10, Hermes' Sandals 10, Nymph's Spring 10, Laurel Wreath 2.
  Cy 52  = 23* 0 (needs 5 coins) + 29 2 + 27 7 + 47 2 + 17 3 + 7* 8 + 7 3 + 8 0;
           Argo Plank 6, Cyclops Eye 7, Sickle of Cronos 9, Pegasus Feather 5.
"""

from example_runner import marked_refusals, run_example


def test_example_game_runs_to_the_end_with_only_the_intended_refusals(db, capsys):
    run = run_example("elysion", db, capsys)
    assert run.refused == ["take Bob 15", "shade Ann Ferryman"] == marked_refusals("elysion"), run.err
    assert [code for line, code in run.codes if line in run.refused] == [1, 1]  # rule refusals
    summary = run.summary
    assert summary["over"] and summary["winners"] == ["Bob"]
    assert {p["name"]: p["score"] for p in summary["players"]} == {"Ann": 60, "Bob": 75, "Cy": 52}
    lookback = run.loaded.state["lookback"]
    assert lookback["ranking"] == [
        [1, "Bob", 75, 201],  # 5+33+15+42+55+46+1+4
        [2, "Ann", 60, 198],  # 2+32+12+22+44+63+13+10
        [3, "Cy", 52, 165],  # 8+7+7+17+47+27+29+23
    ]
    assert lookback["players"]["Ann"]["given_up"] == ["Aegis"]
    assert "Winner: Bob" in run.out and "Game over" in run.out
