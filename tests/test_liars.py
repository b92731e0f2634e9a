"""Liar's Dice, the test game with hidden information (tests/games/liars/): each cup is its
player's alone, on every path (docs/engine.md, "Hidden information")."""

from __future__ import annotations

import json

from click.testing import CliRunner

from referee.model import registry, view
from referee.model.chance import Chance
from referee.testing import Table, refused_by

NEW = "--player Ann --player Bob"


def _engine():
    return registry.engine("liars")


def _dealt(ann: str, bob: str):
    """A game whose cups were rolled as given (the recorded draws handed back)."""
    return _engine().start({"players": ["Ann", "Bob"]}, Chance("liars", 0, recorded=[
        {"label": "cup Ann", "value": list(ann)}, {"label": "cup Bob", "value": list(bob)}]))


def test_a_challenge_shows_every_cup_and_the_wrong_one_loses_a_die():
    engine = _engine()
    state = _dealt("255", "135")
    state, _ = engine.apply(state, {"verb": "bid", "player": "Ann", "count": 3, "face": 5}, Chance("liars", 1))
    rerolled = Chance("liars", 2, recorded=[{"label": "cup Ann", "value": list("146")},
                                            {"label": "cup Bob", "value": list("22")}])
    state, events = engine.apply(state, {"verb": "challenge", "player": "Bob"}, rerolled)
    # three fives lie on the table (Ann 5 5, Bob 5): the bid held, so the challenger loses a die
    assert "3 show 5: Bob loses a die" in events[0]["text"]
    assert state["dice"] == {"Ann": 3, "Bob": 2}
    assert state["shown"] == {"Ann": ["2", "5", "5"], "Bob": ["1", "3", "5"]}
    assert engine.current(state) == "Bob"  # the loser opens the next round


def test_a_bid_must_raise_the_last_one():
    engine = _engine()
    state = _dealt("255", "135")
    state, _ = engine.apply(state, {"verb": "bid", "player": "Ann", "count": 2, "face": 5}, Chance("liars", 1))
    with refused_by("Bids: each bid raises the last"):
        engine.apply(engine.copy(state), {"verb": "bid", "player": "Bob", "count": 2, "face": 4}, Chance("liars", 2))
    with refused_by("Bids: no more dice than lie on the table"):
        engine.apply(engine.copy(state), {"verb": "bid", "player": "Bob", "count": 7, "face": 1}, Chance("liars", 2))
    with refused_by("Challenge: only a bid can be challenged"):
        engine.apply(_dealt("255", "135"), {"verb": "challenge", "player": "Ann"}, Chance("liars", 1))


def test_each_cup_is_its_players_and_the_draw_is_recorded_for_that_player():
    engine = _engine()
    state = _dealt("255", "135")
    table = engine.view(state)
    assert table["cups"] == {"Ann": ["?", "?", "?"], "Bob": ["?", "?", "?"]}
    assert engine.view(state, "Ann")["cups"] == {"Ann": ["2", "5", "5"], "Bob": ["?", "?", "?"]}
    chance = Chance("liars", 0)
    engine.start({"players": ["Ann", "Bob"]}, chance)
    assert [r["to"] for r in chance.results] == ["Ann", "Bob"]


def _cli(t: Table, *words: str) -> tuple[int, str]:
    from referee.cli.root import cli

    result = CliRunner().invoke(cli, ["--db", str(t.path), "--session", str(t.sid), *words])
    return result.exit_code, result.output


def test_the_table_sees_no_cup_and_a_seat_sees_its_own_on_every_screen():
    with Table("liars", NEW, seed=None) as t:
        t.ok("bid Ann 1 3")
        cups = t.state["cups"]
        _code, table = _cli(t, "liars", "status")
        assert "cup: ? ? ?" in table and " ".join(cups["Ann"]) not in table.split("cup:")[1][:8]
        _code, ann = _cli(t, "--as", "ann", "liars", "status")  # any case, as player names are typed
        assert f"Ann's cup (for Ann alone): {', '.join(cups['Ann'])}" in ann
        assert "Bob's cup" not in ann
        code, data = _cli(t, "--json", "--as", "Bob", "liars", "status")
        state = json.loads(data)["state"]
        assert state["cups"] == {"Ann": ["?"] * 3, "Bob": cups["Bob"]}
        code, said = _cli(t, "--as", "Eve", "liars", "status")
        assert code == 2 and "no player 'Eve'" in said
        code, logged = _cli(t, "--json", "log")
        results = json.loads(logged)["result"]["log"][0]["results"]
        assert [r["value"] for r in results] == [["?"] * 3, ["?"] * 3] and [r["to"] for r in results] == ["Ann", "Bob"]
        code, mine = _cli(t, "--json", "--as", "Ann", "log")
        assert sorted(json.loads(mine)["result"]["log"][0]["results"][0]["value"]) == cups["Ann"]  # rolled, then sorted
        for fmt in ("csv", "md", "summary"):
            code, text = _cli(t, "export", "--format", fmt, "-o", "-")
            assert code == 0 and "'" + "".join(cups["Ann"]) not in text
        code, hint = _cli(t, "--json", "liars", "hint")
        assert code == 0 and json.loads(hint)["result"]["actions"][0]["command"].startswith("bid Bob")
        from referee.cli.web import page
        from referee.record import session

        _title, html = page.table_fragment(session.load(t.store, t.sid).seen_by("Ann"))
        assert "Ann&#x27;s cup (for Ann alone)" in html and "Bob&#x27;s cup" not in html


def test_a_running_games_json_export_keeps_the_cups_out_and_after_the_game_everything_shows(tmp_path):
    with Table("liars", NEW, seed=None) as t:
        code, out = _cli(t, "export", "-o", "-")
        first = json.loads(out)["actions"][0]
        assert first["results"][0]["value"] == ["?"] * 3 and json.loads(out)["seed"] is None
        code, out = _cli(t, "push", str(t.sid), "--to", str(tmp_path / "club.db"))
        assert code == 3 and "once the game is over" in out
        while not t.summary["over"]:  # Ann bids more than the table holds... one die at a time
            who = t.summary["current"]
            if t.state["bid"] is None:
                t.ok(f"bid {who} 1 1")
            else:
                t.ok(f"challenge {who}")
        code, out = _cli(t, "export", "-o", "-")
        data = json.loads(out)
        assert data["seed"] and all(r["value"] != ["?"] * len(r["value"]) for r in data["actions"][0]["results"])
        target = tmp_path / "game.json"
        target.write_text(out, encoding="utf-8")
        code, said = _cli(t, "import", str(target), "--copy")
        assert code == 0, said


def test_undo_takes_back_a_challenge_and_its_cups_stay_hidden():
    with Table("liars", NEW, seed=None) as t:
        t.ok("bid Ann 1 2")
        t.ok("challenge Bob")
        code, _ = _cli(t, "undo")
        assert code == 0 and t.state["bid"] == {"player": "Ann", "count": 1, "face": 2}
        code, data = _cli(t, "--json", "liars", "status")
        assert set(view.hidden_list(t.state["cups"]["Ann"])) == {"?"}
        assert json.loads(data)["state"]["cups"]["Ann"] == ["?"] * t.state["dice"]["Ann"]
