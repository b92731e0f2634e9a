"""Completion follows the rules: the words offered are those the core says can be legal now
(`Engine.words`), in bash through Click's completion protocol and in the shell's completer."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys

import click
import midgame
import pytest
from example_runner import example_games

from referee.cli.complete import field_keys

GAMES = example_games()  # each stopped where midgame.cut_at says


def _bash(db, words: list[str], raw: bool = False) -> list[str]:
    """What bash completion offers after `referee WORDS...` (the last word being typed); a
    word bash must see quoted (a space, a `*`) comes quoted, unquoted here unless `raw`."""
    env = {**os.environ, "REFEREE_DB": str(db), "_REFEREE_COMPLETE": "bash_complete",
           "COMP_WORDS": " ".join(["referee", *words]), "COMP_CWORD": str(len(words))}
    env.pop("REFEREE_SESSION", None)
    done = subprocess.run([sys.executable, "-m", "referee"], env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    offered = [line.split(",", 1)[1] for line in done.stdout.splitlines() if line.startswith("plain,")]
    return offered if raw else [shlex.split(w)[0] for w in offered]


def _arguments(live, verb: str) -> list[str]:
    from referee.cli import cli

    group = cli.get_command(click.Context(cli), live.game)
    cmd = group.get_command(click.Context(group), verb)
    return [key for param, key in field_keys(live.engine, verb, cmd) if isinstance(param, click.Argument)]


def _an_action_with_arguments(live) -> tuple[dict, list[str]]:
    for action in live.engine.legal_actions(live.state):
        keys = _arguments(live, action["verb"])
        if keys and keys[0] in action:
            return action, keys
    raise AssertionError(f"no legal action with an argument in the {live.game} example")


@pytest.mark.parametrize("game", GAMES)
def test_bash_completion_offers_only_the_legal_words_of_each_argument(game, tmp_path):
    db = tmp_path / "s.db"
    midgame.build(db, game)
    live = midgame.live(db, game)
    action, keys = _an_action_with_arguments(live)
    verb = action["verb"]
    first = live.engine.words(live.state, verb, {}, keys[0])
    assert _bash(db, [game, verb, ""]) == first + _short_form(live, verb, keys)
    if len(keys) > 1 and keys[1] in action:
        second = live.engine.words(live.state, verb, {keys[0]: action[keys[0]]}, keys[1])
        assert _bash(db, [game, verb, str(action[keys[0]]), ""]) == second
    # what is typed narrows the words: a prefix keeps only the words that start with it
    prefix = first[0][:1]
    assert _bash(db, [game, verb, prefix]) == [w for w in first if w.casefold().startswith(prefix.casefold())]


def _short_form(live, verb: str, keys: list[str]) -> list[str]:
    """Where the player to act may be left out (`[PLAYER]`, Cerebria), the first word may
    already be the next field's: its words for that player follow the player's name."""
    from referee.cli import cli

    declared = live.engine.verbs[verb]
    group = cli.get_command(click.Context(cli), live.game)
    cmd = group.get_command(click.Context(group), verb)
    arguments = [p for p in cmd.params if isinstance(p, click.Argument)]
    implied = live.engine.implied_actor(live.state, declared) if declared.actor else None
    if implied is None or len(keys) < 2 or keys[0] != declared.actor \
            or not str(arguments[0].metavar or "").startswith("["):
        return []
    return live.engine.words(live.state, verb, {keys[0]: implied}, keys[1])


def test_bash_completion_of_a_verb_not_legal_now_offers_nothing(tmp_path):
    # the play-test's complaint: after `move a2` every square was offered; now a frog that is
    # not Bob's offers no square at all, and Bob's offers only its neighbours
    db = tmp_path / "s.db"
    midgame.build(db, "croa")
    assert _bash(db, ["croa", "move", "a1", ""]) == []
    neighbours = _bash(db, ["croa", "move", "h8", ""])
    assert neighbours and set(neighbours) <= {"g7", "g8", "h7"}


def test_a_verb_typed_in_the_tables_words_completes_as_the_verb_itself(tmp_path):
    """`croa déplacer <Tab>` (French for move) offers what `croa move <Tab>` offers: completion
    asked the rules about the word typed, which names no verb, and offered nothing."""
    db = tmp_path / "s.db"
    midgame.build(db, "croa")
    frogs = _bash(db, ["croa", "move", ""])
    assert frogs
    assert _bash(db, ["croa", "deplacer", ""]) == frogs
    assert _bash(db, ["croa", "déplacer", ""]) == frogs
    assert _bash(db, ["croa", "deplacer", frogs[0], ""]) == _bash(db, ["croa", "move", frogs[0], ""])


def test_a_session_named_after_the_game_or_the_verb_is_the_one_completed(tmp_path):
    """`--session ID` is taken after the game or the verb as before it (the contract): a Tab
    there offers that session's words, not those of the store's current session."""
    db = tmp_path / "s.db"
    midgame.build(db, "croa")  # croa-1, mid-game
    first = _bash(db, ["croa", "move", ""])
    env = {**os.environ, "REFEREE_DB": str(db)}
    env.pop("REFEREE_SESSION", None)
    subprocess.run([sys.executable, "-m", "referee", "croa", "new", "--player", "Cy:red", "--player", "Di:blue",
                    "--digital", "--seed", "8"], env=env, capture_output=True, check=True, timeout=60)
    current = _bash(db, ["croa", "move", ""])
    assert current and current != first  # croa-2, just begun, is now the current session
    assert _bash(db, ["--session", "croa-1", "croa", "move", ""]) == first
    assert _bash(db, ["croa", "--session", "croa-1", "move", ""]) == first
    assert _bash(db, ["croa", "move", "--session", "croa-1", ""]) == first
    assert _bash(db, ["--session", "croa-1", "croa", "move", "--session", "croa-2", ""]) == current


def test_new_player_offers_the_names_of_earlier_players(tmp_path):
    db = tmp_path / "s.db"
    midgame.build(db, "croa")
    assert _bash(db, ["kreus", "new", "--player", ""]) == ["Ann", "Bob"]
    assert _bash(db, ["kreus", "new", "--player", "B"]) == ["Bob"]


def test_kleos_isle_offers_the_library_epic_cards_the_rules_accept(tmp_path):
    # examples/kleos.txt: the library holds 2 champions, 2 basic cards and 6 Epic cards
    # (Myrina is Epic by the rulebook's own word); after `new`, an Isle takes an Epic card:
    # never a champion nor a basic card
    db = tmp_path / "s.db"
    midgame.build(db, "kleos", cut=11)
    offered = _bash(db, ["kleos", "isle", "isle1", ""], raw=True)
    # bash inserts a word as it is: a name with a space comes quoted
    assert set(offered) == {"'Amazonian Queen Myrina'", "Minotaur", "Theseus", "Cyclops", "Medusa", "Hydra"}


def test_shell_completion_equals_the_core_words_and_puts_pending_choices_first(db):
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from referee.cli.context import Referee
    from referee.cli.shell import Shell

    midgame.build(db, "croa", cut=2)  # Ann's frog on a lily pad: she must bounce
    ref = Referee()
    ref.configure(str(db), None, False)
    shell = Shell(ref, game="croa")
    live = ref.live
    words = live.engine.words(live.state, "bounce", {}, "to")
    doc = Document("bounce ", 7)
    got = [(c.text, c.display_meta_text) for c in shell.completer().get_completions(doc, CompleteEvent())]
    # 36 words SQ:TILE: the four squares (the pending choices) come first, the tile after
    pending = live.engine.summary(live.state)["pending"][0]["choices"]
    assert [w for w, _ in got] == [f"{sq}:" for sq in pending]
    assert {w.split(":")[0] for w in words} == set(pending) and all(meta for _, meta in got)
    doc = Document("bounce b3:", 10)
    assert [c.text for c in shell.completer().get_completions(doc, CompleteEvent())] == [
        w for w in words if w.startswith("b3:")]
    # fuzzy: `b3:ms` finds b3:mosquito
    doc = Document("bounce b3:ms", 12)
    assert [c.text for c in shell.completer().get_completions(doc, CompleteEvent())] == ["b3:mosquito"]


def test_bash_completion_follows_each_new_action_and_undo(tmp_path):
    # a Tab keeps the state it replayed for the next Tab, only while the log is the same
    db = tmp_path / "s.db"
    midgame.build(db, "croa")  # Bob to move

    def frogs() -> list[str]:
        live = midgame.live(db, "croa")
        return live.engine.words(live.state, "move", {}, "from")

    bob = frogs()
    assert "h8" in bob and _bash(db, ["croa", "move", ""]) == bob
    env = {**os.environ, "REFEREE_DB": str(db)}
    subprocess.run([sys.executable, "-m", "referee", "croa", "move", "h8", "g7", "--tile", "reeds"],
                   env=env, check=True, capture_output=True, timeout=60)
    ann = frogs()
    assert ann and not set(ann) & set(bob) and _bash(db, ["croa", "move", ""]) == ann
    subprocess.run([sys.executable, "-m", "referee", "undo"], env=env, check=True, capture_output=True,
                   timeout=60)
    assert _bash(db, ["croa", "move", ""]) == bob
