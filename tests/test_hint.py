"""`referee GAME hint`: the legal next actions as commands that are accepted as typed."""

from __future__ import annotations

import json
import random
import shlex

import midgame
import pytest
from click.testing import CliRunner

from referee.cli import cli
from referee.model import registry
from referee.record import session
from referee.record.store import Store
from referee.testing import playout_choices

GAMES = registry.names()
CHECKS = {"kleos": 14, "kreus": 10, "cerebria": 12, "croa": 12, "elysion": 12}  # per point (default 12)


def _run(db, *args: str):
    return CliRunner().invoke(cli, ["--db", str(db), *args], catch_exceptions=False)


def _hint_of(db, game: str, sid: str) -> dict:
    done = _run(db, "--session", sid, game, "hint", "--json", "--limit", "0")
    assert done.exit_code == 0, done.output
    return json.loads(done.output)["result"]


def _hint(db, game: str, *more: str) -> dict:
    done = _run(db, game, "hint", "--json", *more)
    assert done.exit_code == 0, done.output
    return json.loads(done.output)["result"]


# what a table might type in; None: a placeholder for several words (Elysion's reveal, whose
# listed reveals are typed instead)
SAMPLES = {"CARD": "Shield of Practice", "MODS": "def=+1", "GAIN": "2", "NAME=REALM...": None,
           "DELTA": "+2", "TEXT": "Spear of Ares", "STAT": "cunning"}


def _filled(entry: dict) -> str | None:
    words = shlex.split(entry["command"])
    # an option the table may add (`--bonus BONUS`) is not in the command: left out
    assert {w for w in entry.get("free", {}) if not w.startswith("--")} <= set(SAMPLES), entry
    if any(SAMPLES[w] is None for w in entry.get("free", {}) if not w.startswith("--")):
        return None
    return shlex.join(SAMPLES[w] or w if w in entry.get("free", {}) else w for w in words)


@pytest.mark.parametrize("game", GAMES)
def test_every_command_a_hint_lists_is_accepted_with_dry_run(game, tmp_path):
    # seeded random playouts; at three points of each, a sample of what hint lists is typed
    # back (with --dry-run): every one is accepted, and nothing is written
    db = tmp_path / "s.db"
    engine = registry.engine(game)
    store = Store(db)
    checked = offered = 0
    for seed in range(2):
        rng = random.Random(seed)
        loaded, _ = session.create(store, game, engine.playout_options(rng), seed=f"hint-{seed}")
        state, points = loaded.state, {0, 7, 19}
        for step in range(20):
            if engine.summary(state)["over"]:
                break
            if step in points:
                result = _hint_of(db, game, loaded.id)
                # a placeholder (an attached card's name) is typed as the table would fill it
                commands = [c for c in map(_filled, result["actions"]) if c is not None]
                if game == "croa" and state.get("deal"):  # a dealt hand's card shows as `card CARD`
                    # (not a card the table may type): tests/test_croa_dealt_screens.py covers those
                    commands = [c for c in commands if not c.startswith("card 'Shield")]
                assert commands, f"{game}: hint lists nothing at step {step}"
                before = len(store.actions(loaded.id))
                offered += len(commands)
                for command in rng.sample(commands, min(CHECKS.get(game, 12), len(commands))):
                    done = _run(db, "--session", loaded.id, game, *shlex.split(command), "--dry-run")
                    assert done.exit_code == 0, (game, seed, step, command, done.output)
                    checked += 1
                assert len(store.actions(loaded.id)) == before
            state = session.act(store, loaded.id, rng.choice(playout_choices(engine, state)))[0].state
    assert checked >= min(20, offered)  # a small game (Pig) lists fewer: each was checked


def test_hint_json_has_exactly_the_contract_keys(tmp_path):
    db = tmp_path / "s.db"
    midgame.build(db, "croa", cut=2)
    result = _hint(db, "croa")
    assert set(result) - {"complete"} == {"pending", "actions", "truncated"}
    assert result.get("complete", True) is registry.engine("croa").legal_exact
    assert result["pending"] == [{"player": "Ann", "decision": "bounce", "choices": ["a4", "b4", "b3", "b2"]}]
    assert all(set(a) == {"player", "command"} and a["player"] == "Ann" for a in result["actions"])
    # four squares, each with one of the nine tiles that can still be turned there
    assert len(result["actions"]) == 36 and result["truncated"] is False
    assert {a["command"].split()[1].split(":")[0] for a in result["actions"]} == {"a4", "b4", "b3", "b2"}


def test_a_long_list_is_cut_and_says_so(tmp_path):
    db = tmp_path / "s.db"
    midgame.build(db, "croa", cut=2)
    result = _hint(db, "croa", "--limit", "5")
    assert len(result["actions"]) == 5 and result["truncated"] is True
    text = _run(db, "croa", "hint", "--limit", "5").output
    assert "and more" in text and "--limit 0" in text


def test_hint_for_one_player_and_for_a_player_who_may_do_nothing(tmp_path):
    db = tmp_path / "s.db"
    midgame.build(db, "croa", cut=2)  # only Ann's bounce is awaited
    assert _hint(db, "croa", "--player", "bob")["actions"] == []
    assert len(_hint(db, "croa", "--player", "an")["actions"]) == 36  # a unique prefix will do
    assert "Nothing may be done now by that player." in _run(db, "croa", "hint", "--player", "Bob").output
    refused = _run(db, "croa", "hint", "--player", "Zed")
    assert refused.exit_code != 0 and "no player 'Zed'" in refused.output


def test_hint_text_groups_moves_by_frog_and_names_the_tile_once(tmp_path):
    db = tmp_path / "s.db"
    midgame.build(db, "croa", cut=6)  # Bob to move, physical tiles
    text = _run(db, "croa", "hint").output
    assert "Bob may move:" in text and "  add --tile TILE for what the table drew or rolled" in text
    assert "  h8 -> g7 h7\n  g8 -> f8 f7 g7 h7" in text and "lilypad" not in text


def test_kleos_attack_hint_gives_the_dice_and_odds_without_rolling(tmp_path):
    # examples/kleos.txt, just before Bob's Hoplite (2/2, no tactics at the Port) attacks Ann's
    # Hoplite with the Spear (Attack 3, Defense 2): 2 dice need 2 successes at 1/3 each: 1/9;
    # a slaughter needs 5: none; Ann retaliates with 3 dice needing 2: 3*(1/3)^2*(2/3) + (1/3)^3
    # = 7/27 = 26%
    db = tmp_path / "s.db"
    lines = midgame.lines("kleos")
    midgame.build(db, "kleos", cut=next(i for i, line in enumerate(lines) if line.startswith("attack ")))
    before = Store(db).actions("kleos-1")
    text = _run(db, "kleos", "hint").output
    assert ("athena:1 -> ares:1 (2 dice v Defense 2: kill 11%, slaughter 0%; retaliation 3 dice v "
            "Defense 2: kill 26%)") in " ".join(text.split())
    result = _hint(db, "kleos")
    assert {"player": "Bob", "command": "attack athena:1 ares:1"} in [
        {k: a[k] for k in ("player", "command")} for a in result["actions"]]
    # nothing rolled, nothing written; no command carries dice
    assert Store(db).actions("kleos-1") == before
    assert not any("--dice" in a["command"] or "--retaliation" in a["command"] for a in result["actions"])


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_action_can_be_typed_as_a_command(game):
    # hint leaves nothing out silently: each action the core lists has its command words,
    # and those words build that very action back through the Click command
    import click

    from referee.cli.hint import command_words

    engine = registry.engine(game)
    rng = random.Random(5)
    state, _, _ = session.run(engine, None, {"verb": "new", **engine.playout_options(rng)}, "typed", 0)
    group = cli.get_command(click.Context(cli), game)
    for ply in range(1, 40):
        legal = engine.legal_actions(state)
        if not legal:
            break
        for action in legal:
            command = group.get_command(click.Context(group), action["verb"])
            assert command_words(engine, action["verb"], command, action) is not None, action
        state, _, _ = session.run(engine, engine.copy(state), rng.choice(playout_choices(engine, state)),
                                  "typed", ply)


def test_kleos_opportunity_attack_hint_may_slaughter_but_has_no_retaliation(tmp_path):
    # examples/kleos.txt: Bob's athena:3 (Attack 2, no Tactics on an opportunity attack) may
    # strike the fleeing minion (Defense 2): 2 dice need 2 successes: 1/9 = 11%; a slaughter
    # would need 5 on 2 dice: 0%; no retaliation
    db = tmp_path / "s.db"
    lines = midgame.lines("kleos")
    midgame.build(db, "kleos", cut=next(i for i, line in enumerate(lines) if line.startswith("oa ")))
    text = " ".join(_run(db, "kleos", "hint").output.split())
    assert "Bob may oa" in text and "athena:3 (2 dice v Defense 2: kill 11%, slaughter 0%)" in text
    assert "retaliation" not in text and "Bob may pass" in text


def test_hint_text_names_each_player_once_and_every_card_a_hidden_hand_may_hold(tmp_path):
    # examples/kreus.txt, a Divination phase: anyone with a token may show a card to anyone
    # else; a discard may be any Nature or Element card still unseen (hands are hidden)
    db = tmp_path / "s.db"
    midgame.build(db, "kreus")
    text = _run(db, "kreus", "hint").output
    assert "Ann may show-card: --to Bob|Cy|Dee" in text and "Ann may show-card: Ann" not in text
    live = midgame.live(db, "kreus")
    cards = live.engine.words(live.state, "discard", {"player": "Ann"}, "card")
    assert f"Ann may discard: {' '.join(cards)}" in " ".join(text.split())
    assert "air" in cards and "thunderbolts" not in cards  # never an Aggression card


def test_an_option_with_many_choices_is_counted_in_the_text_and_listed_whole_in_json():
    """Steal may take any of ~70 kinds of card from a hidden hand: the text hint names the
    option's placeholder and how many choices it has, so every line fits 80 columns; the JSON
    keeps each choice as a whole command."""
    from test_cerebria_listing import _steal_table

    t = _steal_table()
    out = CliRunner().invoke(cli, ["--db", str(t.path), "cerebria", "hint"], env={"COLUMNS": "80"})
    assert out.exit_code == 0, out.output
    assert all(len(line) <= 80 for line in out.output.splitlines()), out.output
    flat = " ".join(out.output.split())  # the text as read, its wrapping aside
    # the hint is longer than a screen: a card is shown as CARD, each option once per shape
    assert "steal Bob|Cy|Dee [--absorb 2] [--card none|CARD]" in flat
    assert "(CARD: each one that fits there; Tab completes them.)" in flat
    data = json.loads(CliRunner().invoke(cli, ["--db", str(t.path), "--json", "cerebria", "hint"]).output)
    commands = [a["command"] for a in data["result"]["actions"]]
    assert sum(c.startswith("ability Ann 1 steal Bob --card") for c in commands) > 8
