"""The one reader of a verb's words (`referee.cli.reader`), checked against the declaration and
the command-line contract: every listed action of every game typed as a player types it reads
back as that action; words a verb does not take are a usage error (exit 2) said the same way
whichever way the command came in (the express lane declines them, the Click command says
them, both read by the same function); the root's options likewise."""

from __future__ import annotations

import contextlib
import io
import random
from pathlib import Path

import pytest

from referee.cli import cli, express
from referee.cli.acting import values
from referee.cli.context import Referee
from referee.cli.reader import Misread, read, read_root
from referee.cli.run import invoke
from referee.model import registry
from referee.model.i18n import set_language
from referee.testing import playout_choices

GLORY = registry.engine("kleos").verbs["glory"]  # GOD DELTA --reason TEXT (DELTA a free value)
ATTACK = registry.engine("kleos").verbs["attack"]  # --favor/--no-favor (on by default), --bonus N
MOVE = registry.engine("croa").verbs["move"]  # --tile, also -t
CHECK = registry.engine("kleos").verbs["check"]  # STAT among attack, defense, cunning, tactics; --need N


def _as_action(verb, words: list[str]) -> dict:
    action = {"verb": verb.name, **values(verb.fields, read(verb, words).params)}
    return verb.typed(action) if verb.typed is not None else action


def _plain(value):
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return str(value).casefold()


@pytest.mark.parametrize("game", registry.shipped())
def test_every_listed_action_typed_as_a_player_types_it_reads_back_as_that_action(game: str, tmp_path: Path):
    from tests.test_express_lane import Both, _words

    both = Both(tmp_path, game, seed=39)
    rng = random.Random(39)
    read_back = 0
    for _step in range(25):
        state = both.state()
        legal = playout_choices(both.engine, state)
        if not legal or both.engine.summary(state)["over"]:
            break
        for action in rng.sample(legal, min(4, len(legal))):
            words = _words(game, action)
            if not words:
                continue
            verb = both.engine.verbs[action["verb"]]
            got = _as_action(verb, words[1:])
            for key, value in action.items():
                field = verb.field(key)
                if value is not None and field is not None and field.kind != "player":  # a seat: the core's
                    assert _plain(got.get(key)) == _plain(value), (words, key)
            read_back += 1
        both.advance(rng.choice(legal))
    assert read_back >= 10


def test_a_value_option_takes_the_next_word_or_the_one_after_the_equals_sign():
    assert read(GLORY, ["ares", "+1", "--reason", "a feast"]).params["reason"] == "a feast"
    assert read(GLORY, ["--reason=a feast", "ares", "+1"]).params["reason"] == "a feast"
    assert read(MOVE, ["a1", "b2", "-tlily"]).params["tile"] == "lily"
    assert read(MOVE, ["a1", "b2", "-t", "lily"]).params["tile"] == "lily"


def test_a_negative_number_is_a_free_value_and_words_after_the_double_dash_are_arguments():
    assert read(GLORY, ["ares", "-1", "--reason", "r"]).params["delta"] == "-1"
    assert read(GLORY, ["--reason", "r", "--", "ares", "--dry-run"]).params["delta"] == "--dry-run"


def test_a_flag_on_by_default_is_turned_off_by_its_no_form_and_takes_no_value():
    assert read(ATTACK, ["a", "b"]).params["favor"] is True
    assert read(ATTACK, ["a", "b", "--no-favor"]).params["favor"] is False
    with pytest.raises(Misread, match="does not take a value"):
        read(ATTACK, ["a", "b", "--favor=yes"])


def test_a_choice_takes_a_unique_beginning_in_any_case_and_names_the_choices_otherwise():
    assert read(CHECK, ["ann", "CUN"]).params["stat"] == "cunning"
    with pytest.raises(Misread, match="'x' is not one of 'attack', 'defense', 'cunning', 'tactics'"):
        read(CHECK, ["ann", "x"])
    with pytest.raises(Misread, match="'many' is not a valid integer"):
        read(CHECK, ["ann", "attack", "--need", "many"])


def test_an_option_name_where_a_value_is_due_is_a_missing_value_not_the_value():
    """`--reason --json`: the JSON output was asked for, not a reason spelled `--json` (a store
    named `--json` was made that way once)."""
    with pytest.raises(Misread, match="Option '--reason' requires an argument"):
        read(GLORY, ["ares", "+1", "--reason", "--json"])
    with pytest.raises(Misread, match="Option '--as' requires an argument"):
        read_root(["--as", "--json", "kleos", "status"])


def test_a_tab_line_is_read_leniently_and_names_the_option_waiting_for_its_value():
    reading = read(GLORY, ["ares", "--nope", "+1", "--reason"], partial=True)
    assert reading.pending is GLORY.field("reason") and reading.params["delta"] == "+1"
    assert read(GLORY, ["ares", "--session"], partial=True).pending_option == "--session"


def _run(argv: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    ref = Referee()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = invoke(cli, list(argv), obj=ref)
    finally:
        ref.close()
        set_language(None)
    return code, err.getvalue()


@pytest.mark.parametrize(("argv", "said"), [
    (["kleos", "glory", "ares"], "Error: Missing argument 'DELTA'."),
    (["kleos", "glory", "ares", "+1", "--reason", "r", "extra"], "Error: Got unexpected extra argument (extra)"),
    (["kleos", "glory", "ares", "+1", "--reason", "r", "--nope"], "Error: No such option '--nope'."),
    (["kleos", "glory", "ares", "+1"], "Error: Missing option '--reason'."),
    (["kleos", "check", "ann", "x"], "'x' is not one of 'attack', 'defense', 'cunning', 'tactics'."),
    (["kleos", "glory", "ares", "+1", "--reason"], "Error: Option '--reason' requires an argument."),
    (["--lang", "de", "kleos", "status"], "Error: Invalid value for '--lang': 'de' is not one of 'fr', 'en'."),
    (["--nope", "kleos", "status"], "Error: No such option '--nope'."),
])
def test_words_a_command_does_not_take_are_a_usage_error_said_once_whichever_way_they_came(
        argv: list[str], said: str, db: Path):
    assert express.run(list(argv)) is None  # the lane says nothing: the tree reads them with the same reader
    code, err = _run(argv)
    assert code == 2
    assert said in err and "Usage: referee" in err


def test_a_folder_as_the_store_is_refused_as_a_usage_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("REFEREE_DB", str(tmp_path))
    code, err = _run(["kleos", "status"])
    assert code == 2 and "is a directory" in err


def test_only_the_documented_environment_variables_are_read(db: Path, monkeypatch: pytest.MonkeyPatch):
    """REFEREE_DB, REFEREE_SESSION and REFEREE_LANG; any other REFEREE_* variable (a developer's
    REFEREE_VENV, a guess like REFEREE_AS_JSON) changes nothing."""
    monkeypatch.setenv("REFEREE_AS_JSON", "1")
    monkeypatch.setenv("REFEREE_KLEOS_GLORY_REASON", "r")
    code, err = _run(["kleos", "glory", "ares", "+1"])
    assert code == 2 and "Missing option '--reason'" in err
    assert read_root(["kleos"]).as_json is False and read_root(["kleos"]).store_path == str(db)


def test_the_root_reads_its_options_up_to_the_command():
    root = read_root(["--lang=FR", "--as", "Ann", "--no-color", "--json", "kleos", "--json", "glory"])
    assert (root.lang, root.viewer, root.color, root.as_json, root.at) == ("fr", "Ann", False, True, 5)
    assert read_root(["--db", "x.db", "--help", "kleos"]).asks == "--help"
