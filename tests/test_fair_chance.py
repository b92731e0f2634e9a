"""Fair randomness: a dry run never shows a roll before it is made; a generated seed stays secret."""

from __future__ import annotations

import hashlib
import hmac
import json
import random

import pytest
from click.testing import CliRunner
from kleos_table import ISLE_LINES, NEW_ARGS, NEW_OPTIONS, NEXT, check, start

from referee.after import export
from referee.cli import cli
from referee.model import registry
from referee.model.chance import Chance, NotYetRolled
from referee.model.errors import RefereeError
from referee.record import session
from referee.record.store import Store
from referee.testing import playout_choices

STEPS = {"kleos": 70}  # Kleos reaches its first combat later than the others reach a draw


def test_a_dry_chance_stops_at_the_first_untyped_draw_and_keeps_the_typed_ones():
    chance = Chance("1", 3, dry=True)
    assert chance.dice("defence", 2, "sg-", typed="sg") == ["s", "g"]
    with pytest.raises(NotYetRolled) as stop:
        chance.dice("attack", 5, "sg-")
    assert stop.value.what == "roll 5 dice" and stop.value.label == "attack"
    assert stop.value.results == [{"label": "defence", "value": ["s", "g"], "source": "table"}]


@pytest.mark.parametrize("game", registry.names())
def test_no_dry_run_shows_a_result_the_referee_has_not_rolled_yet(game, tmp_path):
    """Seeded playouts: before each real action, its dry run; the dry run may show typed results
    only, and when the real action rolls, nothing that follows the roll (events, state)."""
    engine = registry.engine(game)
    store = Store(tmp_path / "s.db")
    rolled_seen = 0
    for seed in range(2):
        rng = random.Random(seed)
        loaded, _ = session.create(store, game, engine.playout_options(rng), seed=f"fair-{seed}")
        sid = loaded.id
        state = loaded.state
        before = json.dumps(loaded.state_json(), sort_keys=True)
        for _ in range(STEPS.get(game, 30)):
            legal = playout_choices(engine, state)
            if not legal:
                break
            action = rng.choice(legal)
            try:
                dry, dry_events = session.act(store, sid, action, dry_run=True)
            except RefereeError as exc:  # then the real action is refused the same way
                with pytest.raises(type(exc)):
                    session.act(store, sid, action)
                continue
            real, real_events = session.act(store, sid, action)
            state = real.state
            previous, before = before, json.dumps(real.state_json(), sort_keys=True)
            real_results = real.records[-1]["results"]
            dry_results = dry.records[-1]["results"]
            assert all(r["source"] == "table" for r in dry_results)
            first_roll = next((i for i, r in enumerate(real_results) if r["source"] == "referee"), None)
            if dry.would_roll and dry.would_roll.startswith("look into"):  # a dealt hand: its player's alone
                assert len(dry_events) == 1 and "is for" in dry_events[0]["text"] and "to see" in dry_events[0]["text"]
                assert json.dumps(dry.state_json(), sort_keys=True) == previous
                continue
            if first_roll is None:
                assert dry.would_roll is None
                assert dry_events == real_events and dry_results == real_results
            else:
                rolled_seen += 1
                assert dry_results == real_results[:first_roll]
                assert dry.would_roll and len(dry_events) == 1 and "would" in dry_events[0]["text"]
                assert json.dumps(dry.state_json(), sort_keys=True) == previous
                shown = json.dumps([dry_events, dry_results])
                for r in real_results[first_roll:]:
                    assert json.dumps(r["value"]) not in shown or r["value"] in ([], "", None)
    if game != "kreus":  # Kreus rolls only at setup (the titan cards); its actions draw nothing
        assert rolled_seen > 0, "the playouts never met a referee roll"
    store.close()


def test_a_dry_attack_says_how_many_dice_would_be_rolled_and_nothing_more(tmp_path):
    db = str(tmp_path / "s.db")
    runner = CliRunner()
    assert runner.invoke(cli, ["--db", db, *NEW_ARGS]).exit_code == 0
    for line in ISLE_LINES:  # setup: an Epic card on each Isle
        assert runner.invoke(cli, ["--db", db, *line]).exit_code == 0
    for _ in range(3):
        assert runner.invoke(cli, ["--db", db, "kleos", "next"]).exit_code == 0
    dry = runner.invoke(cli, ["--db", db, "--json", "kleos", "check", "ares:c", "attack", "--dry-run"])
    out = json.loads(dry.output)
    assert dry.exit_code == 0 and out["result"]["results"] == []
    assert out["result"]["would_roll"] == "roll 4 dice for 'check'"
    text = runner.invoke(cli, ["--db", db, "kleos", "check", "ares:c", "attack", "--dry-run"])
    assert "the referee would roll 4 dice for 'check'" in text.output and "success" not in text.output
    typed = runner.invoke(cli, ["--db", db, "--json", "kleos", "check", "ares:c", "attack", "--dice", "sg--",
                                "--dry-run"])
    assert json.loads(typed.output)["result"]["results"][0]["value"] == ["s", "g", "-", "-"]


def test_undoing_a_roll_and_playing_it_again_rolls_the_same(tmp_path):
    store = Store(tmp_path / "s.db")
    sid = start(store, isles=True)
    for _ in range(3):
        session.act(store, sid, NEXT)
    first = session.act(store, sid, check("ares:c", "attack"))[0].records[-1]["results"]
    session.undo(store, sid)
    again = session.act(store, sid, check("ares:c", "attack"))[0].records[-1]["results"]
    assert again == first and first[0]["source"] == "referee"


def test_new_without_seed_prints_a_commitment_and_keeps_the_seed_out_of_show_and_export(tmp_path):
    db = str(tmp_path / "s.db")
    runner = CliRunner()
    args = [a for a in NEW_ARGS if a not in ("--seed", "4")]
    r = runner.invoke(cli, ["--db", db, *args])
    assert r.exit_code == 0 and "seed kept secret" in r.output and "commitment hmac-sha256:" in r.output
    store = Store(db)
    (meta,) = store.sessions()
    assert meta["seed_public"] is False and meta["seed"] not in r.output
    seed, key = meta["seed"].split(".")
    assert meta["commitment"] == "hmac-sha256:" + hmac.new(bytes.fromhex(key), bytes.fromhex(seed),
                                                           hashlib.sha256).hexdigest()
    shown = json.loads(runner.invoke(cli, ["--db", db, "--json", "show"]).output)
    assert shown["result"]["seed"] is None and shown["result"]["commitment"] == meta["commitment"]
    for fmt in ("json", "jsonl", "md"):
        assert meta["seed"] not in runner.invoke(cli, ["--db", db, "export", "--format", fmt]).output
    assert meta["commitment"] in runner.invoke(cli, ["--db", db, "export"]).output
    js = json.loads(runner.invoke(cli, ["--db", db, "--json", *args]).output)
    assert js["result"]["seed"] is None and js["result"]["commitment"].startswith("hmac-sha256:")


def test_a_given_seed_is_shown_at_once(tmp_path):
    r = CliRunner().invoke(cli, ["--db", str(tmp_path / "s.db"), *NEW_ARGS])
    assert "(seed 4)" in r.output


def test_the_secret_seed_is_revealed_when_the_game_is_over_and_verify_checks_it(tmp_path):
    engine = registry.engine("croa")
    store = Store(tmp_path / "s.db")
    rng = random.Random(0)
    loaded, _ = session.create(store, "croa", engine.playout_options(rng))
    sid, state = loaded.id, loaded.state
    assert export.to_json(store, sid)["seed"] is None
    while not engine.summary(state)["over"]:
        state = session.act(store, sid, rng.choice(playout_choices(engine, state)))[0].state
    data = export.to_json(store, sid)
    assert data["seed"] == loaded.seed
    seed, key = loaded.seed.split(".")
    assert data["commitment"] == "hmac-sha256:" + hmac.new(bytes.fromhex(key), bytes.fromhex(seed),
                                                           hashlib.sha256).hexdigest()
    from referee.record.integrity import verify_session

    assert verify_session(store, sid)["ok"]
    again, _ = export.import_session(store, export.parse(json.dumps(data)), copy=True)  # a second copy here
    assert again.summary == engine.summary(state)
    assert json.loads(CliRunner().invoke(cli, ["--db", str(tmp_path / "s.db"), "--json", "show", sid]).output)[
        "result"]["seed"] == loaded.seed


def test_kleos_options_are_the_table_ones():
    assert NEW_OPTIONS["players"][0]["name"] == "Ann"
