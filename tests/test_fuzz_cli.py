"""Bad input never prints a traceback: random argument lists to every command give exit 0-3 and a message."""

from __future__ import annotations

import functools
import os

import pytest
from cli_tree import shipped
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cli import cli
from referee.model import rulebook

STARTS = {
    "kleos": ["new", "--player", "Ann:ares", "--player", "Bob:athena", "--champion", "ares=4/3/2/1",
              "--champion", "athena=3/3/4/2", "--seed", "4"],
    "kreus": ["new", "--player", "Ann", "--player", "Bob", "--player", "Cy", "--seed", "3"],
    "cerebria": ["new", "--player", "Ann", "--player", "Bob", "--player", "Cy", "--seed", "5"],
    "croa": ["new", "--player", "Ann:red", "--player", "Bob:blue", "--digital", "--seed", "1"],
    "elysion": ["new", "--player", "Ann", "--player", "Bob", "--seed", "4"],
}
WORDS = ["Ann", "Bob", "Cy", "ares", "athena", "ares:1", "ares:champion", "athena:c", "port", "isle1", "h1",
         "a1", "a2", "b1", "b2", "h8", "lilypad", "pike", "log", "male1", "1", "2", "0", "-1", "+3", "99999999999",
         "ssg--", "sxz", "fire", "aether", "atmosphere", "planet", "thunderbolts", "strong-gloom-blue-steal",
         "brightness-red", "mild", "12*", "Ann=40", "40", "json", "md", "bliss", "gloom", "male", "destroy",
         "", " ", "é", "--", "-", "x" * 300, "{}", "[1,2]", "a:b:c", "kleos-1", "nothing"]


# `serve` runs until Ctrl-C by design (tests/test_serve.py starts it and stops it with SIGINT)
LEAVES = {path: cmd for path, cmd in shipped().items() if path != ("serve",)}


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """A store with a session of every game, and a scratch folder as the working directory."""
    folder = tmp_path_factory.mktemp("fuzz")
    db = str(folder / "fuzz.db")
    runner = CliRunner()
    for game, args in STARTS.items():
        result = runner.invoke(cli, ["--db", db, game, *args])
        assert result.exit_code == 0, (game, result.output)
    cwd = os.getcwd()
    os.chdir(folder)
    yield db
    os.chdir(cwd)


@pytest.fixture(scope="module", autouse=True)
def rules_read_once():
    """`GAME rules` reads the game's source files for the rules its refusals name on every call
    (a quarter of a second); here the arguments are under test, not the reading (tests/
    test_rules_command.py checks that), so each game's sources are read once for the module."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rulebook, "harvest", functools.cache(rulebook.harvest))
        yield


def _tokens(path):
    opts = [o for p in LEAVES[path].params for o in getattr(p, "opts", []) if o.startswith("-")]
    pool = st.sampled_from(sorted(set(WORDS + opts)))
    return st.lists(st.one_of(pool, pool, st.text(max_size=8)), max_size=7)


@pytest.mark.parametrize("path", sorted(LEAVES), ids=" ".join)
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_random_arguments_give_exit_0_to_3_with_a_message(table, path, data):
    # `show --watch` runs until Ctrl-C by design (tests/test_live.py stops it with SIGINT)
    args = [a for a in data.draw(_tokens(path)) if a != "--watch"]
    as_json = data.draw(st.booleans())
    argv = ["--db", table, *(["--json"] if as_json else []), *path, *args]
    result = CliRunner().invoke(cli, argv, input="")
    out = result.output
    assert result.exit_code in (0, 1, 2, 3), (argv, result.exit_code, out, result.exception)
    assert "Traceback" not in out and "internal error" not in out, (argv, out)
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), (argv, repr(result.exception))
    if result.exit_code:
        assert out.strip(), (argv, "refused without a message")
