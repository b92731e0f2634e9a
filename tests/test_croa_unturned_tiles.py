"""An unturned tile stays unseen until a frog lands on it for good (issue 34, item 3).

In a --digital session the referee turns the tile a frog lands on. Answers typed up front with
the move (`--bounce`, `--mosquito`, `--remove`) can only be checked once it is turned: refused
then, they are refused in the same words whatever the tile was, and that draw is used up (the
session takes a new committed secret from that draw counter on), so the next try turns a fresh
tile. A dry run, of a move or of a correction, turns nothing.
"""

from __future__ import annotations

import json

from click.testing import CliRunner

from referee.cli import cli
from referee.model import registry, secret
from referee.record import session
from referee.record.integrity import verify_session
from referee.record.store import Store
from referee.testing import Table

NEW = "--player Ann:red --player Bob:blue --digital"
EXTRA_RULE = "Extra parts: a move carries only the answers its landing calls for (--bounce, --mosquito, --remove)"


def _tile_a3(seed: str) -> str:
    t = Table("croa", NEW, seed=seed)
    t.ok("move a2 a3")
    return t.state["tiles"]["a3"]


def test_a_refused_move_reads_the_same_whatever_tile_it_turned():
    # two public seeds: with one the referee turns a lily pad on a3 (a bounce to choose), with
    # the other something else (no bounce at all); Ann's own queen on a1 is never a bounce
    lily = next(s for s in map(str, range(200)) if _tile_a3(s) == "lilypad")
    other = next(s for s in map(str, range(200)) if _tile_a3(s) != "lilypad")
    said = []
    for seed in (lily, other):
        out = Table("croa", NEW, seed=seed).refused("move a2 a3 --bounce a1", rule=EXTRA_RULE, code=1)
        said.append((out.error["message"], out.error["rule"]))
    assert said[0] == said[1]
    message = said[0][0]
    assert message.startswith("--bounce a1: the answers typed up front do not fit the chain of the tile the "
                              "referee turned, which stays unseen")
    assert "lily" not in message and "choices" not in message and "did not call" not in message


def _secret_game(db) -> tuple[CliRunner, str]:
    runner = CliRunner()
    out = runner.invoke(cli, ["croa", "new", *NEW.split()])
    assert out.exit_code == 0, out.output
    store = Store(db)
    sid = store.current_session("croa")
    store.close()
    return runner, sid


def _meta(db, sid: str) -> dict:
    store = Store(db)
    try:
        return store.session(sid)
    finally:
        store.close()


def _would_turn(seed_text: str, db, sid: str, action: dict, counter: int) -> list:
    """What the referee draws for `action` after the log as it stands, from `seed_text` at draw
    counter `counter` (the test reads the secret from the store)."""
    store = Store(db)
    loaded = session.load(store, sid)
    store.close()
    engine = registry.engine("croa")
    _state, _events, results = session.run(engine, engine.copy(loaded.state), action, seed_text,
                                           len(loaded.records), counter=counter)
    return results


def test_a_refused_move_uses_up_its_tile_draw(db):
    runner, sid = _secret_game(db)
    before = _meta(db, sid)
    out = runner.invoke(cli, ["--json", "croa", "move", "a2", "a3", "--bounce", "a1"])
    error = json.loads(out.output)["error"]
    assert out.exit_code == 1 and error["rule"] == EXTRA_RULE
    assert error["message"].endswith("what the referee drew for it is used up unseen (the next try draws afresh)")
    after = _meta(db, sid)
    # nothing entered the log; the session took a new secret from draw counter 1 on, committed
    assert after["length"] == before["length"] == 1
    first, fresh = secret.epochs(after["seed"])
    assert first.text == before["seed"] and fresh.start == 1 and fresh.text != first.text
    assert after["commitment"] == f"{before['commitment']} 1:{secret.commit_one(fresh.text)}"
    # the real move turns a3 with the new secret, not the one the refused try drew with
    move = {"verb": "move", "from": "a2", "to": "a3"}
    refused_draw = _would_turn(before["seed"], db, sid, move, 1)
    next_draw = _would_turn(after["seed"], db, sid, move, 1)
    assert runner.invoke(cli, ["croa", "move", "a2", "a3"]).exit_code == 0
    store = Store(db)
    recorded = store.actions(sid)[-1]["results"]
    store.close()
    assert recorded == next_draw and recorded[0]["at"] == 1
    # drawn afresh: the generator the real move drew from is not the one the refused try drew from
    assert refused_draw[0]["at"] == 1
    assert secret.draw_key(first, 1, "tile a3", 0) != secret.draw_key(fresh, 1, "tile a3", 0)
    report = verify_session(Store(db), sid)  # every recorded draw re-derived from the secrets
    assert report["ok"], report


def test_a_tile_typed_with_an_answer_in_a_digital_session_is_refused_before_anything_is_turned(db):
    runner, sid = _secret_game(db)
    before = _meta(db, sid)
    out = runner.invoke(cli, ["--json", "croa", "move", "a2", "a3", "--bounce", "b4:reeds"])
    assert out.exit_code == 2
    assert "this is a --digital session: the referee reveals the tiles" in json.loads(out.output)["error"]["message"]
    assert _meta(db, sid)["commitment"] == before["commitment"]  # nothing drawn, nothing used up


def test_a_dry_run_of_a_move_or_a_correction_turns_no_tile(db):
    runner, sid = _secret_game(db)
    dry = runner.invoke(cli, ["--json", "croa", "move", "a2", "a3", "--bounce", "a1", "--dry-run"])
    assert dry.exit_code == 0 and "not rolled in a dry run" in json.loads(dry.output)["result"]["events"][0]["text"]
    assert runner.invoke(cli, ["croa", "move", "b1", "c1"]).exit_code == 0  # whatever c1 turns out to be
    before = _meta(db, sid)
    out = runner.invoke(cli, ["--json", "insert", "1", "--dry-run", "--", "move", "a2", "a3", "--bounce", "a1"])
    error = json.loads(out.output)["error"]
    assert out.exit_code == 1 and error["rule"] == "Hidden things stay hidden"
    assert error["message"] == ("the inserted action 1 is refused: the corrected action needs a new result from "
                                "the referee for 'tile a3'; a dry run never shows one (type the results, or run "
                                "it without --dry-run)")
    assert _meta(db, sid)["commitment"] == before["commitment"]  # a dry run draws nothing: nothing to use up
    # the real correction is refused once it has turned the tile: in words without it, its draw used up
    out = runner.invoke(cli, ["--json", "insert", "1", "--", "move", "a2", "a3", "--bounce", "a1"])
    error = json.loads(out.output)["error"]
    assert out.exit_code == 1 and error["rule"] == EXTRA_RULE
    assert error["message"].startswith("the inserted action 1 is refused: --bounce a1: the answers typed up front")
    after = _meta(db, sid)
    assert after["length"] == before["length"]
    assert [e.start for e in secret.epochs(after["seed"])] == [0, 2]  # the next free draw counter
    assert verify_session(Store(db), sid)["ok"]


def test_a_correction_refused_by_a_later_action_does_not_say_which_once_it_drew(db):
    # Ann's move inserted before her own first move: the inserted move turns c1 (a new draw),
    # then her old move comes in Bob's turn and no longer holds. Which later action fails, and
    # why, could follow from the tile turned: the refusal says neither, and the draw is used up.
    runner, sid = _secret_game(db)
    assert runner.invoke(cli, ["croa", "move", "a2", "a3"]).exit_code == 0
    before = _meta(db, sid)
    out = runner.invoke(cli, ["--json", "insert", "1", "--", "move", "b1", "c1"])
    error = json.loads(out.output)["error"]
    assert out.exit_code == 1 and error["rule"] == "Fair play: a refusal never tells a draw, and the draw is used up"
    assert error["message"] == (
        "with the referee's new draw for the corrected action, a later action no longer holds; nothing was "
        "changed (with --cut, the history is kept up to the first action that no longer holds, and it and the "
        "rest can be redone one by one); what the referee drew for it is used up unseen (the next try draws "
        "afresh)")
    after = _meta(db, sid)
    assert after["length"] == before["length"] and len(secret.epochs(after["seed"])) == 2
