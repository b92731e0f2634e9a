"""The express lane (`referee.cli.express`) says and stores exactly what the Click tree does.

Issue 26: an action and `status` run without loading Click. The promise that makes that safe
is that the lane either declines (and the Click tree runs the command) or does the very same
thing. Here, on random playouts of every game, from the same store each time:
- every listed action, typed as a player types it, is taken by the lane (not declined), and
  prints, exits and stores exactly what the Click tree prints, exits and stores;
- words changed at random (a word dropped, added, swapped, an option moved or spelled with
  `=`, a flag given a value, a prefix, another case, `--json`, `--dry-run`, `--help`...) are
  either declined or answered exactly as the Click tree answers them;
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
JUNK = ["--dry-run", "--json", "--help", "-h", "--", "-1", "+1", "-", "0", "x", "--nope", "--nope=1",
        "--dry-run=1", "--json=yes", "--session", "--db", "-t", "ann", "Ann", "ANN", "a", "3", "99", ""]


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


def _changed(words: list[str], rng: random.Random, vocabulary: list[str]) -> list[str]:
    """The words changed in one or two ways a hurried player might change them."""
    out = list(words)
    for _ in range(rng.randint(1, 2)):
        how = rng.randrange(9)
        at = rng.randint(1, len(out)) if len(out) > 1 else len(out)
        if how == 0 and len(out) > 1:
            del out[rng.randrange(1, len(out))]
        elif how == 1:
            out.insert(at, rng.choice(JUNK + vocabulary))
        elif how == 2 and len(out) > 1:
            out[rng.randrange(1, len(out))] = rng.choice(vocabulary + JUNK)
        elif how == 3:
            out.insert(at, rng.choice(["--dry-run", "--json"]))
        elif how == 4:  # `--opt value` as `--opt=value`
            i = next((i for i, w in enumerate(out[:-1]) if w.startswith("--")), None)
            if i is not None:
                out[i: i + 2] = [f"{out[i]}={out[i + 1]}"]
        elif how == 5 and len(out) > 1:  # a prefix, or another case
            i = rng.randrange(1, len(out))
            out[i] = out[i][: max(1, len(out[i]) // 2)] if rng.random() < 0.5 else out[i].upper()
        elif how == 6:
            out.insert(at, "--session")
            out.insert(at + 1, rng.choice(["nope-1", "x"]))
        elif how == 7 and len(out) > 2:
            i, j = rng.sample(range(1, len(out)), 2)
            out[i], out[j] = out[j], out[i]
        else:
            out.append(rng.choice(vocabulary + JUNK))
    return out


FRONTS = ((), ("--lang", "fr"), ("--color",), ("--no-color",), ("--json",), ("--lang=EN", "--db", "x.db"),
          ("--as", "Ann"), ("--as=bob", "--json"), ("--as", "Zed"), ("--as", "--json"))  # a seat's view, as Click reads it


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
    taken = declined = changed = 0
    for _step in range(18):
        state = both.state()
        if both.engine.summary(state)["over"]:
            break
        legal = playout_choices(both.engine, state)
        if not legal:
            break
        typed = [(a, w) for a, w in ((a, _words(game, a)) for a in rng.sample(legal, min(3, len(legal)))) if w]
        vocabulary = sorted({w for _a, words in typed for w in words})
        for _action, words in typed:
            assert both.compare(words), f"the lane declined a listed action: {words}"
            taken += 1
            for alias in aliases.get(words[0], ())[:1]:  # the verb in the table's words (`déplacer`)
                assert both.compare([alias, *words[1:]], ("--lang", "fr")), f"declined: {alias}"
            for _ in range(2):
                if both.compare(_changed(words, rng, vocabulary), rng.choice(FRONTS)):
                    changed += 1
                else:
                    declined += 1
        if rng.random() < 0.3:
            assert both.compare(["status", *rng.sample(["--json", "--full"], rng.randint(0, 2))],
                                rng.choice(FRONTS[:4]))
        both.advance(rng.choice(legal))
    assert taken >= 10
    assert changed and declined  # both sides of the promise were tried


def test_the_lane_declines_what_click_must_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Help, `--`, an unknown option, a missing argument, Click's automatic environment
    variables: the lane declines them all (the Click tree answers)."""
    monkeypatch.delenv("REFEREE_SESSION", raising=False)
    for argv in (["--help"], ["kleos", "--help"], ["kleos", "glory", "--help"], ["kleos", "glory", "-h"],
                 ["kleos", "glory", "ann", "--", "+1"], ["kleos", "glory", "ann", "+1", "--nope", "x"],
                 ["kleos", "glory", "ann"], ["kleos", "rules"], ["kleos", "hint"], ["sessions"],
                 ["--version"], ["nogame", "glory"], ["kleos", "glory", "ann", "+1", "x", "--reason", "r", "extra"]):
        assert express.read.__name__ and _declines(argv), argv
    monkeypatch.setenv("REFEREE_AS_JSON", "1")
    assert _declines(["kleos", "status"])


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


@pytest.mark.parametrize("game", ["liars", "croa", "elysion"])
def test_the_lane_reads_as_name_as_click_does(game: str, tmp_path: Path):
    """`--as NAME` (a seat's view) before the game: the lane reads it as the Click tree does,
    any case or a prefix, a name not at the table refused the same way, or declines."""
    both = Both(tmp_path, game, 1)
    rng = random.Random(1)
    legal = playout_choices(both.engine, both.state())
    typed = [w for w in (_words(game, a) for a in rng.sample(legal, min(2, len(legal)))) if w]
    read = 0
    for front in (("--as", "Ann"), ("--as=bob", "--json"), ("--as", "a"), ("--as", "Zed"), ("--as", "--json"),
                  ("--as",), ("--as=",)):
        for words in (["status"], *typed):
            read += both.compare(words, front)
    assert read >= 8, "the lane declined `--as`"
