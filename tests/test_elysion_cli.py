"""`referee elysion ...` end to end: exit codes, --json, the catalog tools, a whole game."""

from __future__ import annotations

import json

from click.testing import CliRunner

from referee.cli import cli

GOOD = """[catalog]
name = "Tiny deck"
factions = ["sky", "sea"]

[[realm]]
number = 1
faction = "sky"
icons = { coin = 1 }
score = "2"
"""


def run(*args):
    return CliRunner().invoke(cli, list(args))


def jrun(*args):
    result = run("--json", *args)
    return result, json.loads(result.output)


def _new(*extra):
    result, data = jrun(
        "elysion",
        "new",
        "--player",
        "Ann",
        "--player",
        "Bob",
        "--seed",
        "4",
        "--row",
        "40,41,42",
        *extra,
    )
    assert result.exit_code == 0, result.output
    return data


def test_new_prints_the_table_and_json_summary(db):
    result = run(
        "elysion",
        "new",
        "--player",
        "Ann",
        "--player",
        "Bob",
        "--seed",
        "4",
        "--constellations",
        "--styx",
    )
    assert result.exit_code == 0, result.output
    for words in (
        "Practice deck",
        "Invented for practice",
        "Day 1 of 8",
        "Row (3)",
        "Shades by the row",
        "reveal NAME=REALM",
    ):
        assert words in result.output, words
    data = _new()
    summary = data["state"]["summary"]
    assert summary["game"] == "elysion" and summary["phase"] == "reveal" and summary["turn"] == 1
    assert summary["players"] == [{"name": "Ann", "score": None}, {"name": "Bob", "score": None}]
    assert data["state"]["row"] == ["40", "41", "42"]


def test_reveal_take_and_refusals_exit_codes(db):
    _new()
    result, data = jrun("elysion", "reveal", "Ann=5", "Bob=3")
    assert result.exit_code == 0 and data["state"]["order"] == ["Bob", "Ann"]
    assert data["state"]["summary"]["current"] == "Bob"
    result, data = jrun("elysion", "take", "Ann", "40")
    assert result.exit_code == 1
    assert data["error"]["kind"] == "illegal" and "Bob's turn" in data["error"]["message"]
    assert data["error"]["rule"] == "Take order: lowest realm played first"
    result = run("elysion", "take", "Zed", "40")
    assert result.exit_code == 2 and "no player 'Zed'" in result.output
    result = run("elysion", "take", "Bob", "xx")
    assert result.exit_code == 2 and "not a realm" in result.output
    result = run("elysion", "take", "Bob", "40")
    assert result.exit_code == 0 and "Bob takes realm 40" in result.output


def test_malformed_reveal_is_a_usage_error(db):
    _new()
    for args in (["Ann5", "Bob=3"], ["=5"], ["Ann=5", "Bob="]):
        result = run("elysion", "reveal", *args)
        assert result.exit_code == 2, args
        assert "NAME=REALM" in result.output and "Traceback" not in result.output


def test_blessings_calculator_json_key(db):
    result, data = jrun(
        "elysion", "blessings", "--day", "3", "--previous", "12", "--played", "30", "--coins", "2"
    )
    assert result.exit_code == 0 and data == {"ok": True, "session": None, "result": {"draw": 3}}
    _, data = jrun(
        "elysion", "blessings", "--day", "3", "--previous", "12", "--played", "12", "--played-star"
    )
    assert data["result"] == {"draw": 1}
    result = run("elysion", "blessings", "--day", "1", "--played", "30")
    assert result.exit_code == 0 and "Draw 0 Blessings (no Blessings on day 1)" in result.output
    result = run("elysion", "blessings", "--day", "9", "--previous", "1", "--played", "2")
    assert result.exit_code == 2 and "days 1 to 8" in result.output


def test_catalog_check_clean_and_broken(db, tmp_path):
    good = tmp_path / "good.toml"
    good.write_text(GOOD)
    result = run("elysion", "catalog", "check", str(good))
    assert result.exit_code == 0 and "is sound: 1 realms" in result.output
    _, data = jrun("elysion", "catalog", "check", str(good))
    assert data["result"]["problems"] == [] and data["result"]["realms"] == 1
    bad = tmp_path / "bad.toml"
    bad.write_text(
        GOOD.replace("coin = 1", "coins = 1").replace('"2"', '"2 per"')
        + '[[realm]]\nnumber = 1\nfaction = "sea"\n'
    )
    result = run("elysion", "catalog", "check", str(bad))
    assert result.exit_code == 2 and "Traceback" not in result.output
    for words in (
        "3 problems",
        "line 8: realm 1: icons: unknown icon 'coins'",
        "line 9: realm 1: score rule '2 per'",
        "line 11: realm 2: duplicate number 1",
    ):
        assert words in result.output, words
    result = run("elysion", "catalog", "check", str(tmp_path / "missing.toml"))
    assert result.exit_code == 2 and "cannot be read" in result.output
    binary = tmp_path / "bin.toml"
    binary.write_bytes(b"\xff\xfe\x00")
    assert run("elysion", "catalog", "check", str(binary)).exit_code == 2


def test_new_with_a_catalog_stores_it_in_the_session(db, tmp_path):
    path = tmp_path / "deck.toml"
    path.write_text(
        GOOD + "".join(f'[[realm]]\nnumber = {n}\nfaction = "sea"\n' for n in range(2, 40))
    )
    result, _data = jrun(
        "elysion",
        "new",
        "--player",
        "Ann",
        "--player",
        "Bob",
        "--catalog",
        str(path),
        "--seed",
        "1",
    )
    assert result.exit_code == 0, result.output
    path.unlink()  # the session replays without the file
    result = run("elysion", "status")
    assert result.exit_code == 0 and "Catalog: Tiny deck" in result.output
    bad = tmp_path / "bad.toml"
    bad.write_text(GOOD.replace('faction = "sky"', 'faction = "moon"'))
    result = run("elysion", "new", "--player", "Ann", "--player", "Bob", "--catalog", str(bad))
    assert result.exit_code == 2 and "problem" in result.output


def test_catalog_show_lists_the_practice_cards(db):
    result = run("elysion", "catalog", "show", "--kind", "shade")
    assert (
        result.exit_code == 0 and "Ferryman" in result.output and "goal coin >= 3" in result.output
    )


def test_a_whole_two_player_game_through_the_cli(db):
    _new("--hand", "8")
    days = [
        ("1", "2"),
        ("3", "4"),
        ("5", "6"),
        ("7", "8"),
        ("9", "10"),
        ("11", "12"),
        ("13", "14"),
        ("15", "16"),
    ]
    for day, (a, b) in enumerate(days, 1):
        assert run("elysion", "reveal", f"Ann={a}", f"Bob={b}").exit_code == 0
        for _ in range(6):
            _, data = jrun("elysion", "status")
            state = data["state"]
            if state["phase"] != "take":
                break
            who, pending = state["summary"]["current"], state["summary"]["pending"]
            if pending and pending[0]["decision"] == "keep-blessing":
                # the Blessings drawn are the player's alone: the table's view shows `?`
                assert set(pending[0]["choices"]) == {"?"}
                _, mine = jrun("--as", who, "elysion", "status")
                result = run("elysion", "keep", who, mine["state"]["summary"]["pending"][0]["choices"][0])
            elif pending:
                result = run("elysion", "pass", who)
            else:
                result = run("elysion", "take", who, *(state["row"][:1] if day < 8 else []))
            assert result.exit_code == 0, result.output
        if day < 8:
            row = [str(40 + 3 * day + i) for i in range(3)] if day < 7 else []
            result = run("elysion", "next", *(["--row", ",".join(row)] if row else []))
            assert result.exit_code == 0, result.output
    result = run("elysion", "lookback")
    assert result.exit_code == 0, result.output
    for words in ("Ann:", "Bob:", "in sight that mattered", "Ranking", "Winner"):
        assert words in result.output, words
    # afterwards `lookback` shows the scoring again without recording anything
    again = run("elysion", "lookback")
    assert again.exit_code == 0 and "in sight that mattered" in again.output
    _, data = jrun("elysion", "lookback")
    assert set(data["result"]["lookback"]["players"]) == {"Ann", "Bob"}
    assert data["state"]["summary"]["over"] and data["state"]["summary"]["winners"]
    assert all(isinstance(p["score"], int) for p in data["state"]["summary"]["players"])
    result = run("--session", data["session"], "elysion", "next")
    assert result.exit_code == 1 and "game is over" in result.output


def test_lookback_before_day_eight_is_refused(db):
    _new()
    result, data = jrun("elysion", "lookback")
    assert result.exit_code == 1 and data["error"]["rule"] == "The look back comes after day 8"
    result = run("elysion", "lookback", "--give-up", "Ann12*")
    assert result.exit_code == 2 and "NAME:REALM=" in result.output


def test_interactive_shell_plays_elysion_and_completes_its_words(db, capsys):
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from referee.cli.context import Referee
    from referee.cli.shell import Shell, ShellCompleter

    ref = Referee()
    ref.configure(str(db), None, False)
    script = (
        "new --player Ann --player Bob --row 40,41,42 --seed 2\n"
        "reveal Ann=5 Bob=3\ntake Ann 40\nquit\n"
    )
    with create_pipe_input() as pipe:
        pipe.send_text(script)
        shell = Shell(
            ref, game="elysion", input=pipe, output=DummyOutput(), history=InMemoryHistory()
        )
        shell.run()
    captured = capsys.readouterr()
    assert "Order to take: Bob (3), Ann (5)" in captured.out
    assert "it is Bob's turn" in captured.err and shell.last_code == 1
    doc = Document("take Bob ", len("take Bob "))
    words = [c.text for c in ShellCompleter(shell).get_completions(doc, CompleteEvent())]
    assert {"40", "41", "42"} <= set(words) and "Ann" not in words  # a realm comes next


def test_reveal_naming_a_player_twice_is_refused_not_overwritten(db):
    # `reveal Ann=5 Ann=6` used to keep only Ann=6 and complain that Bob was missing.
    _new()
    for args in (["Ann=5", "Ann=6", "Bob=3"], ["Ann=5", "ann=6", "Bob=3"]):
        result = run("elysion", "reveal", *args)
        assert result.exit_code == 1 and "named twice" in result.output, result.output
        assert "Each player reveals one realm a day" in result.output


def test_the_log_names_players_and_cards_as_printed(db):
    # Typed in any case and spacing, recorded as printed: the log and exports read cleanly.
    _new("--styx", "--shades", "stone giant,FERRYMAN,old-sailor")
    assert run("elysion", "reveal", "ann=5", "BOB= 3").exit_code == 0
    assert run("elysion", "take", "bob", "40").exit_code == 0
    text = run("log").output
    assert "reveal Ann 5, Bob 3" in text and "Bob takes 40" in text, text
    _, data = jrun("log")
    actions = [entry["action"] for entry in data["result"]["log"]]
    assert actions[1] == {"verb": "reveal", "realms": {"Ann": "5", "Bob": "3"}}
    assert actions[2] == {"verb": "take", "player": "Bob", "realm": "40"}
    # a name that does not resolve is left as typed, and refused with its reason
    result = run("elysion", "take", "ann", "99")
    assert result.exit_code == 2 and "no realm 99" in result.output
