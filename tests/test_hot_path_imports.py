"""Fast as a glance (issue 26): a game action and a Tab import only what they need, and a Tab
reads the session from its snapshot without writing to the store; `referee --help` imports Click
and the root's few modules, nothing of the record.

Each command runs as a whole process (as a terminal runs it); the modules loaded are printed
from `sys.modules` at exit.
"""

from __future__ import annotations

import ast
import contextlib
import importlib.util
import json
import os
import random
import shlex
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee.model import registry
from referee.testing import Table

# never on the hot path: tables, reports, stats, leagues, the club's server, the shell, exports,
# and heavy standard modules nothing there needs
NEVER = ("tabulate", "wcwidth", "referee.after", "referee.after.report", "referee.after.stats",
         "referee.after.standings", "referee.after.league", "referee.after.export", "referee.after.records",
         "referee.record.store_pg", "referee.record.push", "referee.record.corrections", "psycopg",
         "prompt_toolkit", "referee.cli.shell", "referee.model.rulebook", "shutil", "bz2", "lzma", "difflib")

# never on a plain action: the hints and completion, the declarations' old dataclasses, the odds'
# exact fractions, and standard modules the commands load only when they use them
NOT_FOR_AN_ACTION = ("referee.cli.hint", "referee.cli.complete", "referee.cli.shells", "shlex", "fractions",
                     "decimal", "importlib.resources", "tempfile", "zipfile", "textwrap")

PROBE = """
import atexit, json, sys
BEFORE = set(sys.modules)  # the interpreter's and the probe's own (an editable install's finder loads pathlib)
atexit.register(lambda: print("MODULES " + json.dumps(sorted(sys.modules)), file=sys.stderr))
atexit.register(lambda: print("LOADED " + json.dumps(sorted(set(sys.modules) - BEFORE)), file=sys.stderr))
sys.argv = ["referee", *sys.argv[1:]]
from referee.cli import main
main()
"""


def _run(args: list[str], env: dict[str, str], stdin: str = "") -> tuple[subprocess.CompletedProcess, set[str]]:
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, input=stdin,
                          env={**os.environ, **env}, timeout=600)
    line = next(ln for ln in done.stderr.splitlines() if ln.startswith("MODULES "))
    return done, set(json.loads(line[len("MODULES "):]))


def _games(mods: set[str]) -> set[str]:
    """The games whose rules or command line were imported."""
    return {m.split(".")[2] for m in mods
            if m.startswith(("referee.games.", "referee.cli.")) and m.split(".")[2] in registry.names()}


def _env(t: Table) -> dict[str, str]:
    assert t.sid
    if t._store is not None:  # the table's own connection closed: the process is alone on the file
        t._store.close()
        t._store = None
    return {"REFEREE_DB": str(t.path), "REFEREE_SESSION": t.sid, "COLUMNS": "100"}


@contextlib.contextmanager
def _midgame(game: str, seed: int, min_words: int = 1) -> Iterator[tuple[list[str], dict[str, str]]]:
    """A stored session of `game` three random actions in: the words of a listed action (at
    least `min_words` of them, the verb included) and the environment that names the session."""
    import click

    from referee.cli import cli
    from referee.cli.hint import command_words
    from referee.testing import playout_choices

    engine = registry.engine(game)
    rng = random.Random(seed)
    group = cli.get_command(click.Context(cli), game)
    assert isinstance(group, click.Group)

    def typed(action: dict) -> list[str] | None:
        cmd = group.get_command(click.Context(group), action["verb"])
        return None if cmd is None else command_words(engine, action["verb"], cmd, action)

    with Table(game, options=engine.playout_options(rng), store=True) as t:
        for _ in range(3):
            t.act(rng.choice(playout_choices(engine, t.state)))
        words = next(w for w in (typed(a) for a in playout_choices(engine, t.state)) if w and len(w) >= min_words)
        yield words, _env(t)


def test_a_game_action_imports_its_game_and_the_record_only():
    """Speed: `referee kleos glory ...` loads Kleos, the session and the store, nothing else."""
    options = registry.engine("kleos").playout_options(random.Random(3))
    with Table("kleos", options=options) as t:
        god = options["players"][0]["god"]
        done, mods = _run(["kleos", "glory", god, "+1", "--reason", "test"], _env(t))
        assert done.returncode == 0, done.stderr
        assert {"referee.games.kleos", "referee.record.session", "referee.record.snapshot"} <= mods
        assert _games(mods) == {"kleos"}
        assert not [m for m in NEVER if m in mods]
        assert not [m for m in NOT_FOR_AN_ACTION if m in mods]
        assert not [m for m in mods if m == "click" or m.startswith("click.")]  # the express lane


@pytest.mark.parametrize("game", registry.shipped())
def test_an_action_and_status_run_without_click(game: str):
    """Speed: a legal action of every game, and its `status`, run in the express lane: Click is
    never imported (its import alone costs about what the rest of the command does)."""
    with _midgame(game, 11) as (words, env):
        script = f"# one line\nstatus\n{' '.join(shlex.quote(w) for w in words)} --dry-run\n"
        done, mods = _run(["play", game], env, stdin=script)  # a script fed to the shell
        assert done.returncode == 0 and f"{game}> " in done.stdout and "click" not in mods, done.stderr
        assert "refused" not in done.stdout + done.stderr
        done, mods = _run([game, "status"], env)
        assert done.returncode == 0 and "click" not in mods, done.stderr
        assert "tabulate" not in mods and "wcwidth" not in mods  # the referee's own tables
        done, mods = _run([game, *words], env)
        assert done.returncode == 0, done.stderr
        assert "click" not in mods, words


# never below the command line on an action (issue 26: without Click, what it used to pay for
# is the action's own cost): dataclasses and what it loads, pathlib and what it loads, and
# standard modules the record, the model and the games use only off that path
BELOW_THE_CLI = ("click", "referee.cli", "dataclasses", "inspect", "ast", "dis", "tokenize", "pathlib",
                 "urllib", "ipaddress", "fnmatch", "copy", "gettext", "locale", "uuid", "platform", "email",
                 "fractions", "decimal", "textwrap", "shutil", "tempfile", "importlib.resources", "zipfile",
                 "referee.record.protocol", "referee.record.store_pg", "referee.record.corrections",
                 "referee.record.integrity", "referee.record.store_upgrade", "referee.record.digest_upgrade",
                 "referee.after")

ACT = """
import json, sys
game, path, action, root = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), sys.argv[4]
sys.path.insert(0, root)
from referee.model import registry
from referee.model.status import status_line
from referee.model.text import shown
from referee.record import session
from referee.record.stores import open_store

registry.engine(game)
store = open_store(path)
sid = session.resolve(store, game, None)
loaded, events = session.act(store, sid, action)
from referee.model.view import text
for line in [text(e) for e in events if text(e)]:
    print(shown(line))
print(shown(status_line(loaded.engine.summary(loaded.state), loaded.engine.turn_word)))
store.close()
print("MODULES " + json.dumps(sorted(sys.modules)))
"""


def _midgame_action(game: str, path: Path) -> dict:
    """A session of `game` a dozen random legal actions in (its seed secret, as a table's), and
    the next legal action."""
    from referee.record import session
    from referee.record.store import Store
    from referee.testing import playout_choices

    engine = registry.engine(game)
    rng = random.Random(11)
    store = Store(path)
    loaded, _ = session.create(store, game, engine.playout_options(rng))
    assert loaded.id is not None
    for _ in range(12):
        choices = playout_choices(engine, loaded.state)
        if engine.summary(loaded.state)["over"] or not choices:
            break
        loaded, _ = session.act(store, loaded.id, rng.choice(choices))
    store.close()
    assert not engine.summary(loaded.state)["over"]
    return rng.choice(playout_choices(engine, loaded.state))


@pytest.mark.parametrize("game", registry.shipped())
def test_an_action_below_the_command_line_imports_no_heavy_standard_module(game: str, tmp_path):
    """Speed: the record, the model and a game's engine act and draw the status line without
    Click and without dataclasses, inspect, pathlib, copy, gettext (in English)... A bare
    interpreter (-S: no site-packages, so no editable install's finder loading pathlib first)."""
    path = tmp_path / "t.db"
    action = _midgame_action(game, path)
    root = str(Path(__file__).resolve().parent.parent)
    env = {k: v for k, v in os.environ.items() if k not in ("REFEREE_LANG", "LC_ALL", "LC_MESSAGES", "LANG")}
    done = subprocess.run([sys.executable, "-S", "-c", ACT, game, str(path), json.dumps(action), root],
                          capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    mods = set(json.loads(done.stdout.splitlines()[-1][len("MODULES "):]))
    assert f"referee.games.{game}.engine" in mods and "referee.record.session" in mods
    assert _games(mods) == {game}
    assert sorted(m for m in mods if m in BELOW_THE_CLI or m.startswith(tuple(f"{n}." for n in BELOW_THE_CLI))) == []


def test_a_tab_imports_its_game_and_draws_nothing():
    """Speed: a bash completion request loads Crôa! and the session; no table, report, other game
    or Click."""
    with Table("croa", "--player Ann:red --player Bob:blue", seed="5") as t:
        env = {**_env(t), "_REFEREE_COMPLETE": "bash_complete", "COMP_WORDS": "referee croa move ", "COMP_CWORD": "3"}
        done, mods = _run([], env)
        assert done.returncode == 0 and done.stdout.strip(), done.stderr  # it offered squares
        assert "referee.games.croa" in mods and "referee.record.snapshot" in mods
        assert _games(mods) == {"croa"}
        assert not [m for m in NEVER if m in mods]
        assert "referee.model.tables" not in mods and "referee.model.textboards" not in mods
        assert not [m for m in mods if m == "click" or m.startswith("click.")]  # the express lane


@pytest.mark.parametrize("game", registry.shipped())
def test_a_tab_on_a_verb_value_runs_without_click(game: str):
    """Speed: a Tab on each argument of a listed action of every game, in bash (both scripts),
    zsh and fish, is answered in the express lane for a Tab: Click is never imported."""
    with _midgame(game, 5, min_words=2) as (words, env):
        line = " ".join(["referee", game, words[0], ""])
        for shell, request in (("bash", {"COMP_WORDS": line, "COMP_CWORD": "3"}),
                               ("bash", {"COMP_LINE": line, "COMP_POINT": str(len(line))}),
                               ("zsh", {"COMP_WORDS": line, "COMP_CWORD": "3"}),
                               ("fish", {"COMP_WORDS": line, "COMP_CWORD": ""})):
            done, mods = _run([], {**env, **request, "_REFEREE_COMPLETE": f"{shell}_complete"})
            assert done.returncode == 0 and done.stdout.strip(), done.stderr
            assert "click" not in mods, (shell, request)


def _tab(t: Table) -> subprocess.CompletedProcess:
    env = {**_env(t), "_REFEREE_COMPLETE": "bash_complete", "COMP_WORDS": "referee croa move ", "COMP_CWORD": "3"}
    return subprocess.run([sys.executable, "-m", "referee"], capture_output=True, text=True,
                          env={**os.environ, **env}, timeout=600)


def test_a_tab_never_writes_to_the_store():
    """Speed: a Tab reads the snapshot; a missing one is replayed in memory, never written."""
    with Table("croa", "--player Ann:red --player Bob:blue", seed="5") as t:
        _env(t)
        before = Path(t.path).read_bytes()
        kept = _tab(t)
        assert kept.returncode == 0 and kept.stdout.strip()
        assert Path(t.path).read_bytes() == before  # from the snapshot: nothing written
        con = sqlite3.connect(t.path)
        con.execute("DELETE FROM snapshots")
        con.commit()
        con.close()
        before = Path(t.path).read_bytes()
        replayed = _tab(t)
        assert replayed.returncode == 0 and replayed.stdout == kept.stdout  # the same squares offered
        assert Path(t.path).read_bytes() == before
        con = sqlite3.connect(t.path)
        assert con.execute("SELECT count(*) FROM snapshots").fetchone()[0] == 0
        con.close()


def test_the_root_help_imports_click_and_the_root_only():
    """Speed: `referee --help` loads Click and the root's modules: no record, no store, no game, no
    pathlib or json, no hashing (so every other command's ratio to it is honest)."""
    done, mods = _run(["--help"], {"REFEREE_DB": "/nonexistent/none.db"})
    assert done.returncode == 0 and "Usage" in done.stdout, done.stderr
    ours = sorted(m for m in mods if m.startswith("referee"))
    assert ours == ["referee", "referee.cli", "referee.cli.ansi", "referee.cli.context", "referee.cli.express",
                    "referee.cli.lazy",
                    "referee.cli.names", "referee.cli.reader", "referee.cli.root", "referee.cli.run", "referee.model", "referee.model.errors",
                    "referee.model.i18n", "referee.model.registry", "referee.model.text"]
    line = next(ln for ln in done.stderr.splitlines() if ln.startswith("LOADED "))
    loaded = set(json.loads(line[len("LOADED "):]))  # by the command, not by the interpreter's start
    heavy = ("pathlib", "json", "sqlite3", "hashlib", "platformdirs", "dataclasses")
    assert not [m for m in heavy if m in loaded]
    # an editable install loads pathlib before the command starts: read the modules' own imports too
    for name in ours:
        found = importlib.util.find_spec(name)
        assert found is not None and found.origin is not None
        tree = ast.parse(Path(found.origin).read_text(encoding="utf-8"))
        at_import = [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))
                     and not _in_function(tree, n)]
        names = {a.name.split(".")[0] for n in at_import if isinstance(n, ast.Import) for a in n.names}
        names |= {(n.module or "").split(".")[0] for n in at_import if isinstance(n, ast.ImportFrom)}
        assert not names & set(heavy), f"{name} imports {sorted(names & set(heavy))} when loaded"


def _in_function(tree: ast.AST, node: ast.AST) -> bool:
    """Whether `node` sits inside a function (run when called, not when the module loads)."""
    return any(node in ast.walk(f) for f in ast.walk(tree)
               if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))


@pytest.mark.parametrize("game", registry.shipped())
def test_a_game_action_builds_its_own_command_only(game: str):
    """Speed: the game's group knows every command's name, but builds only the one asked for."""
    import click

    from referee.cli.generate import group

    made = group(game)
    names = list(made.commands)
    assert {"new", "status", "hint", *registry.engine(game).verbs} <= set(names)
    verb = next(iter(registry.engine(game).verbs))
    built = made.commands._built  # type: ignore[attr-defined]
    assert verb not in built and "new" not in built
    ctx = click.Context(made)
    assert made.get_command(ctx, verb) is made.commands[verb]
    assert set(built) - {"status", "rules", "hint"} == {verb}  # the others are still to build
    assert made.list_commands(ctx) == sorted(names)


def test_an_action_on_the_default_store_does_not_load_platformdirs(tmp_path: Path):
    """Speed: the default store's place is read from XDG_DATA_HOME or HOME as platformdirs reads
    them (a test in test_store compares): platformdirs and the pathlib it loads cost ~20 ms."""
    options = registry.engine("kleos").playout_options(random.Random(3))
    home = tmp_path / "home"
    store_path = home / ".local" / "share" / "referee" / "referee.db"
    store_path.parent.mkdir(parents=True)
    with Table("kleos", options=options, path=store_path) as t:
        god = options["players"][0]["god"]
        env = _env(t)
        env.pop("REFEREE_DB")
        env = {**env, "HOME": str(home)}
        done, mods = _run_without_db(["kleos", "glory", god, "+1", "--reason", "test"], env)
        assert done.returncode == 0, done.stderr
        assert "platformdirs" not in mods


def _run_without_db(args: list[str], env: dict[str, str]) -> tuple[subprocess.CompletedProcess, set[str]]:
    """`_run` with REFEREE_DB and XDG_DATA_HOME taken out of the inherited environment."""
    base = {k: v for k, v in os.environ.items() if k not in ("REFEREE_DB", "XDG_DATA_HOME")}
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True,
                          env={**base, **env}, timeout=600)
    line = next(ln for ln in done.stderr.splitlines() if ln.startswith("MODULES "))
    return done, set(json.loads(line[len("MODULES "):]))
