"""The express lane (`referee.cli.express`) says and stores exactly what the Click tree does.

Issue 26: an action and `status` run without loading Click. Their words are read by the one
reader both share (`referee.cli.reader`, tested in tests/test_reader.py); what is left to check
is that the lane then does the very same work. Here, on random playouts of every game, from the
same store each time:
- every listed action, typed as a player types it, is taken by the lane (not declined), and
  prints, exits and stores exactly what the Click tree prints, exits and stores;
- after each global option a player may type (`--lang fr`, `--json`, `--as NAME`...);
- `status` (text, `--json`, `--full`) likewise.
"""

from __future__ import annotations

import contextlib
import io
import random
import shutil
from pathlib import Path
from typing import Any

import click
import pytest

from referee.cli import cli, express
from referee.cli.context import Referee
from referee.cli.hint import command_words
from referee.cli.run import invoke
from referee.model import registry
from referee.model.i18n import set_language
from referee.record import session
from referee.record.store import Store
from referee.testing import playout_choices

GAMES = registry.shipped()

def _words(game: str, action: dict) -> list[str] | None:
    ctx = click.Context(cli)
    group = cli.get_command(ctx, game)
    cmd = group.get_command(ctx, action["verb"]) if isinstance(group, click.Group) else None
    return None if cmd is None else command_words(registry.engine(game), action["verb"], cmd, action)


class Both:
    """One store, run from the same copy by the lane and by the Click tree."""

    def __init__(self, folder: Path, game: str, seed: int) -> None:
        self.game = game
        self.engine = registry.engine(game)
        self.master = folder / "master.db"
        self.work = folder / "work.db"
        rng = random.Random(seed)
        store = Store(self.master)
        loaded, _ = session.create(store, game, self.engine.playout_options(rng), seed=f"express-{seed}")
        store.close()
        assert loaded.id is not None
        self.sid = loaded.id

    def state(self) -> Any:
        store = Store(self.master)
        try:
            return session.load(store, self.sid).state
        finally:
            store.close()

    def advance(self, action: dict) -> None:
        store = Store(self.master)
        try:
            session.act(store, self.sid, {k: v for k, v in action.items() if v is not None})
        finally:
            store.close()

    def _fresh(self) -> None:
        for suffix in ("-wal", "-shm"):
            Path(f"{self.work}{suffix}").unlink(missing_ok=True)
        shutil.copyfile(self.master, self.work)

    def _after(self) -> tuple[str, str]:
        """What the store holds after a command: its head and the state (times left out)."""
        store = Store(self.work)
        try:
            loaded = session.load(store, self.sid)
            return loaded.head, repr(loaded.state_json())
        finally:
            store.close()

    def _capture(self, run: Any) -> tuple[Any, str, str]:
        out, err = io.StringIO(), io.StringIO()
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = run()
        finally:
            set_language(None)
        return code, out.getvalue(), err.getvalue()

    def compare(self, words: list[str], front: tuple[str, ...] = ()) -> bool:
        """Run `words` both ways (after the global options `front`); False when the lane
        declined. Asserts they agree otherwise."""
        argv = [*front, "--db", str(self.work), "--session", self.sid, self.game, *words]
        self._fresh()
        code, out, err = self._capture(lambda: express.run(list(argv)))
        if code is None:
            assert (out, err) == ("", ""), f"{words}: the lane declined after printing"
            return False
        lane = (code, out, err, self._after())
        self._fresh()

        def by_click() -> int:
            ref = Referee()
            try:
                return invoke(cli, list(argv), prog_name="referee", obj=ref)
            finally:
                ref.close()

        code, out, err = self._capture(by_click)
        assert lane == (code, out, err, self._after()), f"`{' '.join(words)}`: the lane and Click differ"
        return True


FRONTS = ((), ("--lang", "fr"), ("--color",), ("--no-color",), ("--json",), ("--lang=EN", "--db", "x.db"),
          ("--as", "Ann"), ("--as=bob", "--json"), ("--as", "Zed"))  # a seat's view


@pytest.mark.parametrize("seed", (1, 2))
@pytest.mark.parametrize("game", GAMES)
def test_the_lane_takes_every_listed_action_and_says_what_click_says(game: str, seed: int, tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("COLUMNS", "80")
    for var in ("REFEREE_DB", "REFEREE_SESSION", "REFEREE_LANG"):
        monkeypatch.delenv(var, raising=False)
    rng = random.Random(26 + seed)
    both = Both(tmp_path, game, seed=seed)
    aliases: dict[str, list[str]] = {}
    for word, verb in sorted(both.engine.verb_words.items()):
        aliases.setdefault(verb, []).append(word.capitalize() if len(aliases) % 2 else word)
    taken = 0
    for _step in range(18):
        state = both.state()
        if both.engine.summary(state)["over"]:
            break
        legal = playout_choices(both.engine, state)
        if not legal:
            break
        typed = [(a, w) for a, w in ((a, _words(game, a)) for a in rng.sample(legal, min(3, len(legal)))) if w]
        for _action, words in typed:
            assert both.compare(words), f"the lane declined a listed action: {words}"
            taken += 1
            for alias in aliases.get(words[0], ())[:1]:  # the verb in the table's words (`déplacer`)
                assert both.compare([alias, *words[1:]], ("--lang", "fr")), f"declined: {alias}"
            assert both.compare(words, rng.choice(FRONTS)), f"the lane declined a listed action after global options: {words}"
        if rng.random() < 0.3:
            assert both.compare(["status", *rng.sample(["--json", "--full"], rng.randint(0, 2))],
                                rng.choice(FRONTS[:4]))
        both.advance(rng.choice(legal))
    assert taken >= 10


def test_the_lane_declines_what_the_click_tree_says(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Help, the version, words a verb or the root does not take (the tree reads them with the same
    reader and says why), commands other than an action or `status`: declined."""
    monkeypatch.delenv("REFEREE_SESSION", raising=False)
    for argv in (["--help"], ["kleos", "--help"], ["kleos", "glory", "--help"], ["kleos", "glory", "-h"],
                 ["kleos", "glory", "ann", "+1", "--nope", "x"], ["--lang", "de", "kleos", "status"],
                 ["kleos", "glory", "ann"], ["kleos", "rules"], ["kleos", "hint"], ["sessions"],
                 ["--version"], ["nogame", "glory"], ["kleos", "glory", "ann", "+1", "x", "--reason", "r", "extra"]):
        assert _declines(argv), argv


def _declines(argv: list[str]) -> bool:
    try:
        express.read(argv)
    except express.Decline:
        return True
    return False


def test_after_the_game_a_verb_that_shows_what_it_left_shows_it_again_the_same_way(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Elysion's `lookback` typed again after the game shows the look back it recorded: the lane
    takes it (not declined) and says what the Click tree says, in text and in JSON."""
    monkeypatch.setenv("COLUMNS", "80")
    for var in ("REFEREE_DB", "REFEREE_SESSION", "REFEREE_LANG"):
        monkeypatch.delenv(var, raising=False)
    rng = random.Random(5)
    both = Both(tmp_path, "elysion", seed=5)
    for _ in range(400):
        state = both.state()
        if both.engine.summary(state)["over"]:
            break
        both.advance(rng.choice(playout_choices(both.engine, state)))
    assert both.engine.summary(both.state())["over"]
    assert both.compare(["lookback"])
    assert both.compare(["lookback", "--json"])
    assert both.compare(["status"])
