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

from __future__ import annotations

from pathlib import Path

from referee import session
from referee.cli.context import Referee
from referee.shell import Shell

EXAMPLE = Path(__file__).parent.parent / "examples" / "elysion.txt"


def _run_example(db_path: Path) -> Shell:
    ref = Referee()
    ref.configure(str(db_path), None, False)
    shell = Shell(ref, game="elysion")
    with EXAMPLE.open(encoding="utf-8") as script:
        shell.run_script(script)
    return shell


def test_example_game_runs_to_the_end_with_only_the_intended_refusals(
    tmp_path, monkeypatch, capsys
):
    monkeypatch.delenv("REFEREE_SESSION", raising=False)
    shell = _run_example(tmp_path / "example.db")
    codes = [(line.strip(), code) for line, code in shell.script_codes]
    out = capsys.readouterr()
    refused = [line for line, code in codes if code]
    assert refused == ["take Bob 15", "shade Ann Ferryman"], out.err
    assert [code for line, code in codes if line in refused] == [1, 1]  # rule refusals
    assert "Traceback" not in out.out + out.err and "internal error" not in out.err
    lines = [line.strip() for line in EXAMPLE.read_text(encoding="utf-8").splitlines()]
    for line in refused:  # each refusal is announced in the script
        assert lines[lines.index(line) - 1].startswith("# REFUSED"), line

    store = shell.referee.store()
    sid = session.resolve(store, "elysion", None)
    loaded = session.load(store, sid)
    summary = loaded.summary
    assert summary["over"] and summary["winners"] == ["Bob"]
    assert {p["name"]: p["score"] for p in summary["players"]} == {
        "Ann": 60,
        "Bob": 75,
        "Cy": 52,
    }
    assert loaded.state["lookback"]["ranking"] == [
        [1, "Bob", 75, 201],  # 5+33+15+42+55+46+1+4
        [2, "Ann", 60, 198],  # 2+32+12+22+44+63+13+10
        [3, "Cy", 52, 165],  # 8+7+7+17+47+27+29+23
    ]
    assert loaded.state["lookback"]["players"]["Ann"]["given_up"] == ["Aegis"]
    assert "Winner(s): Bob" in out.out and "Game over" in out.out
