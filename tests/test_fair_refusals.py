"""A refusal never tells a draw, and a draw made before a refusal is used up (issue 34, item 3).

The core's side, for any game: an action refused after the referee drew for it is refused in
words that do not depend on the draw (the game's own, when it wrote them without it, else the
core's), and the session takes a new committed secret from the next draw counter on, so the
next try draws afresh. That small write is not an action: nothing enters the log. `verify`
still re-derives every recorded draw; `push` carries the new secret to the club's copy.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from referee.cli import cli
from referee.model import secret
from referee.model.errors import IllegalAction
from referee.record import session
from referee.record.integrity import verify_session
from referee.record.store import Store

USED_UP = "Fair play: a refusal never tells a draw, and the draw is used up"


@pytest.fixture
def telling_pig(monkeypatch):
    """Pig with a rule that refuses a 6 once it is rolled, and says so (a game that forgot to
    word its refusal without the draw): the core must not let the 6 through."""
    import games.pig as pig
    from games.pig.engine import PigEngine

    class Telling(PigEngine):
        def apply(self, state, action, chance):
            state, events = super().apply(state, action, chance)
            if action.get("verb") == "roll" and events and events[-1].get("die") == 6:
                raise IllegalAction("the die shows 6, which this table's rule forbids", "Roll: no 6 at this table")
            return state, events

    monkeypatch.setattr(pig, "ENGINE", Telling())


def _roll_until_refused(runner: CliRunner, db) -> tuple[dict, list[dict]]:
    """Roll (holding whenever a turn's points reach 10) until a roll is refused: its error, and the
    session row before it."""
    store = Store(db)
    sid = store.current_session("pig")
    store.close()
    for _ in range(300):
        store = Store(db)
        meta = store.session(sid)
        state = session.load(store, sid).state
        store.close()
        player = state["players"][state["seat"]]
        if sum(state["rolls"]) >= 10:
            assert runner.invoke(cli, ["pig", "hold", player]).exit_code == 0
            continue
        out = runner.invoke(cli, ["--json", "pig", "roll", player])
        if out.exit_code:
            return json.loads(out.output)["error"] | {"code": out.exit_code, "player": player}, [meta]
    raise AssertionError("no 6 in 300 rolls")


def test_a_refusal_after_a_draw_never_tells_it_and_uses_it_up(db, telling_pig):
    runner = CliRunner()
    assert runner.invoke(cli, ["pig", "new", "--player", "Ann", "--player", "Bob"]).exit_code == 0
    error, (before,) = _roll_until_refused(runner, db)
    assert error["code"] == 1 and error["rule"] == USED_UP
    assert error["message"] == ("refused once the referee had drawn for this action; the reason is not given, as "
                                "it would tell what was drawn; what the referee drew for it is used up unseen "
                                "(the next try draws afresh)")
    store = Store(db)
    sid = store.current_session("pig")
    after = store.session(sid)
    start = store.next_idx(sid)
    assert after["length"] == before["length"]  # nothing entered the log
    epochs = secret.epochs(after["seed"])
    assert [e.text for e in epochs[:-1]] == [e.text for e in secret.epochs(before["seed"])]
    assert epochs[-1].start == start and after["commitment"].split(" ")[-1] == (
        f"{start}:{secret.commit_one(epochs[-1].text)}")
    assert session.seed_shown(after) is None  # the new secret stays secret while the game runs
    store.close()
    # the next roll draws from the new secret; every recorded draw still re-derives from the seed
    out = runner.invoke(cli, ["--json", "pig", "roll", error["player"]])
    if out.exit_code == 0:
        store = Store(db)
        assert store.actions(sid)[-1]["results"][0]["at"] == start
        store.close()
    assert verify_session(Store(db), sid)["ok"]


def test_a_public_seed_keeps_its_reproducible_draws_after_a_refusal(db, telling_pig):
    runner = CliRunner()
    assert runner.invoke(cli, ["pig", "new", "--player", "Ann", "--player", "Bob", "--seed", "5"]).exit_code == 0
    error, (before,) = _roll_until_refused(runner, db)
    assert error["rule"] == USED_UP and "used up" not in error["message"]  # anyone can work it out
    store = Store(db)
    meta = store.session(store.current_session("pig"))
    assert meta["seed"] == "5" and meta["commitment"] == before["commitment"]
    store.close()
    again = runner.invoke(cli, ["--json", "pig", "roll", error["player"]])  # the same draw again: refused the same way
    assert again.exit_code == 1 and json.loads(again.output)["error"]["message"] == error["message"]


def test_push_carries_the_secrets_taken_since_the_last_push(db, tmp_path):
    runner = CliRunner()
    club = str(tmp_path / "club.db")
    assert runner.invoke(cli, ["croa", "new", "--player", "Ann:red", "--player", "Bob:blue", "--digital"]).exit_code == 0
    assert runner.invoke(cli, ["push", "--all", "--to", club]).exit_code == 0
    assert runner.invoke(cli, ["croa", "move", "a2", "a3", "--bounce", "a1"]).exit_code == 1  # used up
    assert runner.invoke(cli, ["croa", "move", "a2", "a3"]).exit_code == 0  # drawn with the new secret
    out = runner.invoke(cli, ["push", "--all", "--to", club])
    assert out.exit_code == 0 and "updated" in out.output, out.output
    ours, theirs = Store(db), Store(club)
    sid = ours.current_session("croa")
    assert len(ours.session(sid)["commitment"].split(" ")) == 2
    assert theirs.session(sid)["commitment"] == ours.session(sid)["commitment"]
    assert verify_session(theirs, sid)["ok"], verify_session(theirs, sid)
