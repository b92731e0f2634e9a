"""No output of a running game holds its secret: every command of the Click tree (taken from the
tree itself, so a new command is walked too), with plausible arguments, with and without
--json, on a running secret game: the seed and the key are nowhere in what it prints or in a
file it writes (report, export)."""

from __future__ import annotations

import json
import os
import shlex
import sqlite3
from pathlib import Path

import click
import pytest
from cli_tree import shipped
from click.testing import CliRunner
from kleos_table import ISLE_LINES

from referee.cli import cli
from referee.model import registry, secret

STARTS = {
    "kleos": ["new", "--player", "Ann:ares", "--player", "Bob:athena", "--champion", "ares=4/3/2/1",
              "--champion", "athena=3/3/4/2"],
    "kreus": ["new", "--player", "Ann", "--player", "Bob", "--player", "Cy"],
    "cerebria": ["new", "--player", "Ann", "--player", "Bob", "--player", "Cy"],
    "croa": ["new", "--player", "Ann:red", "--player", "Bob:blue", "--digital", "--cards"],
    "elysion": ["new", "--player", "Ann", "--player", "Bob"],
}
PLAIN_START = ["new", "--player", "Ann", "--player", "Bob"]  # a game not listed above (Pig, Poker Dice)
LEAVES = shipped()
SKIP_FLAGS = {"--watch", "--yes", "--reveal-seed"}  # runs until Ctrl-C; purges; refused (tested below)
# runs until Ctrl-C: its page and event stream are searched for the seed in tests/test_serve.py
LONG_RUNNING = {("serve",)}
# a plausible value for a required argument or option, by its parameter name
VALUES = {"number": "1", "name": "Friday", "shell": "bash", "game": None, "player": "Ann", "players": "Ann",
          "god": "ares", "minion": "ares:champion", "target": "athena:champion", "n": "3", "need": "1",
          "attack": "2", "defense": "1", "day": "1", "played": "1", "stats": "1/1/1/1", "reason": "walk",
          "tables": "t1", "discard": "x", "give": "x", "to": "Bob", "as_": "blessing", "card": "x",
          "slot": "1", "pos": "1", "zone": "blue", "vibes": "red", "which": "a1", "src": "a1",
          "delta": "+1", "isle": "isle1", "stat": "attack", "titan": "x", "with": "Bob", "choices": "x"}


def _secrets(db: Path) -> list[str]:
    """Every seed and key of every running secret session in the store."""
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT seed FROM sessions WHERE seed_public = 0 AND status != 'over'").fetchall()
    return [part for (seed,) in rows for part in secret.secret_parts(seed)]


def _running(db: Path, sid: str) -> bool:
    """Whether the walked game is still running: a random game may end during the walk (its one
    real action, a tile that eats a queen), and an ended game's seed is rightly shown."""
    with sqlite3.connect(db) as conn:
        row = conn.execute("SELECT status FROM sessions WHERE id = ?", (sid,)).fetchone()
    return row is not None and row[0] != "over"


def _value(param: click.Parameter, game: str, sid: str, folder: Path) -> list[str]:
    name = param.name or ""
    if name == "session_id" or name == "session_ids":
        return [sid]
    if name in ("out",):
        return [str(folder / "out.md")]
    if name in ("file",):
        return [str(folder / "export.json")]
    if name == "words":
        return ["--", "glory", "ares", "+1", "--reason", "walk"] if game == "kleos" else ["--", "pass"]
    if name == "game":
        return [game]
    if isinstance(param.type, click.Choice):
        return [str(param.type.choices[0])]
    return [VALUES.get(name) or "1"]


def _variants(path: tuple[str, ...], cmd: click.Command, game: str, sid: str, folder: Path) -> list[list[str]]:
    """The command with its required parameters filled, then each optional flag, each choice
    and each output file kind on top."""
    base: list[str] = []
    for p in cmd.params:
        if isinstance(p, click.Argument) and p.required:
            base += _value(p, game, sid, folder)
        elif isinstance(p, click.Option) and p.required and p.opts:
            base += [p.opts[0], *_value(p, game, sid, folder)]
    if path == ("report",) or path == ("export",):
        base = [sid, *base]
    out = [base]
    for p in cmd.params:
        if not isinstance(p, click.Option) or p.required or not p.opts or p.name == "as_json":
            continue
        opt = p.opts[-1] if p.opts[-1].startswith("--") else p.opts[0]
        if opt in SKIP_FLAGS:
            continue
        if p.is_flag:
            out.append([*base, opt])
        elif isinstance(p.type, click.Choice):
            out += [[*base, opt, str(c)] for c in p.type.choices]
        elif p.name == "out":
            out += [[*base, opt, str(folder / f"written.{ext}"), "--force"] for ext in ("md", "html", "json")]
    return out


def _run(db: Path, sid: str, argv: list[str], as_json: bool) -> tuple[int, str]:
    args = ["--db", str(db), "--session", sid, *(["--json"] if as_json else []), *argv]
    result = CliRunner().invoke(cli, args, input="status\n")
    return result.exit_code, result.output + (result.stderr if result.stderr_bytes else "")


def _filled(hint: dict) -> str:
    """A hint's command with each free field (an upper-case placeholder) given a plain value."""
    words = shlex.split(hint["command"])
    return shlex.join("1" if w in (hint.get("free") or {}) else w for w in words)


def _files(folder: Path) -> str:
    """What the commands wrote, stores aside (a store keeps its sessions' secrets: `push` copies
    a running game to another store, which must go on drawing with it)."""
    return "\n".join(p.read_text(errors="replace") for p in folder.rglob("*")
                     if p.is_file() and not p.read_bytes().startswith(b"SQLite format 3")
                     and not p.name.endswith(("-wal", "-shm", "-journal")))


@pytest.mark.parametrize("game", registry.names())
def test_no_command_prints_or_writes_the_secret_of_a_running_game(game, tmp_path):
    db = tmp_path / "walk.db"
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        started = CliRunner().invoke(cli, ["--db", str(db), "--json", game, *STARTS.get(game, PLAIN_START)])
        assert started.exit_code == 0, started.output
        sid = json.loads(started.output)["session"]
        for line in ISLE_LINES if game == "kleos" else []:  # the Epic cards setup lays
            CliRunner().invoke(cli, ["--db", str(db), *line])
        hints = json.loads(CliRunner().invoke(cli, ["--db", str(db), "--json", game, "hint"]).output)
        commands = [_filled(h) for h in hints["result"]["actions"]][:12]
        assert commands
        CliRunner().invoke(cli, ["--db", str(db), "export", sid, "-o", str(tmp_path / "export.json")])
        secrets_now = _secrets(db)
        assert len(secrets_now) == 2 and all(len(s) == 64 for s in secrets_now)
        walked = 0
        plays = [shlex.split(c) for c in commands]
        runs = [[game, *words, "--dry-run"] for words in plays] + [[game, *plays[0]]]  # one really played
        for path, cmd in sorted(LEAVES.items()):
            if (path[0] in registry.names() and path[0] != game) or path in LONG_RUNNING:
                continue
            runs += [[*path, *args] for args in _variants(path, cmd, game, sid, tmp_path)]
        revealed = False  # the one move played ended the game (an unseeded Croa! pond can end at once):
        # its seed was then shown by right, and stays shown when a later `undo` reopens the game
        for n, argv in enumerate(runs):
            for as_json in (False, True):
                code, text = _run(db, sid, argv, as_json)
                walked += 1
                assert code in (0, 1, 2, 3), (argv, code, text)
                for part in _secrets(db) + (secrets_now if _running(db, sid) and not revealed else []):
                    assert part not in text, (argv, "printed the secret")
            revealed = revealed or (n == len(plays) and not _running(db, sid))
        written = _files(tmp_path)
        # the report was written: with the commitment while the game runs, the seed once it ended
        assert "Seed commitment" in written or "seed commitment" in written or (
            revealed and "seed" in written.casefold())
        for part in _secrets(db) + (secrets_now if _running(db, sid) and not revealed else []):
            assert part not in written, "a written file holds the secret"
        assert walked > 100
    finally:
        os.chdir(cwd)


def test_export_reveal_seed_is_refused_while_a_secret_game_runs(tmp_path):
    db = str(tmp_path / "s.db")
    runner = CliRunner()
    runner.invoke(cli, ["--db", db, "croa", *STARTS["croa"]])
    out = runner.invoke(cli, ["--db", db, "--json", "export", "--reveal-seed"])
    assert out.exit_code == 1 and json.loads(out.output)["error"]["rule"] == "Fair play: the secret seed"
    for part in _secrets(tmp_path / "s.db"):
        assert part not in out.output
