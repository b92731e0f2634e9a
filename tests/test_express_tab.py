"""The express lane for a Tab (`referee.cli.express_tab`) prints exactly what Click's completion prints.

Issue 26: a Tab on a game verb's argument or option value is answered without loading Click.
The promise that makes that safe: the lane either declines (and Click answers) or prints the
very same bytes. Here, on random playouts of every game, for every prefix of the words of
listed actions (cut before each word, the word being typed empty or begun), and for words
changed at random, in each form a shell sends a request (bash: Click's COMP_WORDS and our
COMP_LINE with its word breaks; zsh; fish), both are run on the same store and compared; the
lane must take every argument and option value of a listed action.
"""

from __future__ import annotations

import contextlib
import io
import random
import shlex
from pathlib import Path
from typing import Any

import pytest

from referee.cli import cli, express_tab
from referee.cli.context import Referee
from referee.cli.hint import shell_word
from referee.cli.run import invoke
from referee.cli.shells import register
from referee.model import registry
from referee.model.i18n import set_language
from referee.record import session
from referee.record.store import Store
from referee.testing import playout_choices
from tests.test_express_lane import Both, _words

GAMES = registry.shipped()
BREAKS = " \t\n\"'><=;|&(:"
FORMS = ("bash-words", "bash-line", "zsh", "fish")
JUNK = ["--dry-run", "--json", "-h", "--", "-1", "+1", "-", "x", "--nope", "--session", "--db", "=", "Ann", "3",
        "--dry-run=1", "'", "--session=x", "new", "status"]


def _begun(word: str) -> str:
    """A word as typed so far in a shell line: quoted as pasted, its closing quote not typed yet."""
    quoted = shell_word(word)
    return quoted[:-1] if quoted != word and quoted[-1:] in "'\"" else quoted


def request(form: str, before: list[str], typed: str) -> dict[str, str]:
    """The environment a shell's script sets for a Tab after `referee BEFORE... TYPED`."""
    shell = form.split("-")[0]
    line = " ".join(["referee", *(shell_word(w) for w in before), _begun(typed) if typed else ""])
    env = {"_REFEREE_COMPLETE": f"{shell}_complete"}
    if form == "bash-line":
        return {**env, "COMP_LINE": line, "COMP_POINT": str(len(line)), "COMP_WORDBREAKS": BREAKS}
    if form == "fish":  # `commandline -cp` and `commandline -t`
        return {**env, "COMP_WORDS": line, "COMP_CWORD": _begun(typed) if typed else ""}
    words = " ".join(shlex.quote(w) for w in ["referee", *before, typed])
    return {**env, "COMP_WORDS": words, "COMP_CWORD": str(len(before) + 1)}


class Tab(Both):
    """The lane's comparison store (`Both`, one copy is enough: a Tab writes nothing) with a
    second session, the store's current one, so `--session` must be read as Click reads it; a
    Tab on it answered by the lane and by Click."""

    def __init__(self, folder: Path, game: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
        super().__init__(folder, game, seed)
        self.path = self.master
        self.monkeypatch = monkeypatch
        store = Store(self.path)
        other, _ = session.create(store, game, self.engine.playout_options(random.Random(seed)),
                                  seed=f"other-{seed}")
        store.close()
        assert other.id is not None
        self.other = other.id
        self.taken = self.declined = self.offered = 0

    def _capture(self, run: Any) -> tuple[Any, bytes, str]:
        raw = io.BytesIO()
        out, err = io.TextIOWrapper(raw, encoding="utf-8"), io.StringIO()
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    code = run()
                except SystemExit as exc:  # Click's completion ends with sys.exit
                    code = exc.code
                out.flush()
        finally:
            set_language(None)
        return code, raw.getvalue(), err.getvalue()

    def compare(self, form: str, before: list[str], typed: str, front: tuple[str, ...] = ()) -> bool:
        """A Tab after `referee FRONT GAME BEFORE... TYPED` both ways; False when the lane declined."""
        env = request(form, [*front, self.game, *before], typed)
        with self.monkeypatch.context() as m:
            for var in ("COMP_WORDS", "COMP_CWORD", "COMP_LINE", "COMP_POINT", "COMP_WORDBREAKS"):
                m.delenv(var, raising=False)
            for var, value in env.items():
                m.setenv(var, value)
            code, out, err = self._capture(lambda: express_tab.run([]))
            if code is None:
                assert (out, err) == (b"", ""), f"{env}: the lane declined after printing"
                self.declined += 1
                return False
            lane = (code, out, err)
            register()
            code, out, err = self._capture(lambda: invoke(cli, [], prog_name="referee", obj=Referee()))
        assert lane == (code, out, err), f"{env}: the lane and Click differ"
        self.taken += 1
        self.offered += out.strip() != b""
        return True


def _changed(words: list[str], rng: random.Random, vocabulary: list[str]) -> list[str]:
    """The words changed in a way a hurried player might: a word added, dropped, swapped, an
    option's value joined with `=`, another case, a prefix."""
    out = list(words)
    how = rng.randrange(7)
    at = rng.randint(0, len(out))
    if how == 0:
        out.insert(at, rng.choice(JUNK + vocabulary))
    elif how == 1 and len(out) > 1:
        del out[rng.randrange(1, len(out))]
    elif how == 2 and len(out) > 2:
        i, j = rng.sample(range(1, len(out)), 2)
        out[i], out[j] = out[j], out[i]
    elif how == 3:
        i = next((i for i, w in enumerate(out[:-1]) if w.startswith("--")), None)
        if i is not None:
            out[i: i + 2] = [f"{out[i]}={out[i + 1]}"]
    elif how == 4 and len(out) > 1:
        i = rng.randrange(1, len(out))
        out[i] = out[i].upper() if rng.random() < 0.5 else out[i][: max(1, len(out[i]) // 2)]
    elif how == 5:  # the placement options, after the game or the verb
        out[at:at] = rng.choice([["--session", "nope-1"], ["--db", "nowhere.db"], ["--json"]])
    else:
        out.append(rng.choice(vocabulary + JUNK))
    return out


def _cuts(words: list[str], rng: random.Random) -> list[tuple[list[str], str, bool]]:
    """(the words before, the word being typed, whether the lane must take it) at each word:
    the next word not begun, and begun; the lane must take an argument's or an option's value."""
    out = []
    for k in range(len(words) + 1):
        nxt = words[k] if k < len(words) else ""
        value = 0 < k < len(words) and not nxt.startswith("-")  # an argument or an option's value
        out.append((words[:k], "", value))
        begun = nxt[: rng.randint(1, len(nxt))] if nxt else ""
        ends = not begun[-1:].isspace()  # `"Hoplite ` reads as a word typed and a new one begun
        if nxt:
            out.append((words[:k], begun, value and ends))
        if value and words[k - 1].startswith("--"):  # `--opt=VALUE`, begun
            out.append((words[: k - 1], f"{words[k - 1]}={begun}", ends))
    return out


@pytest.mark.parametrize("seed", (1, 2))
@pytest.mark.parametrize("game", GAMES)
def test_a_tab_in_the_lane_prints_what_click_prints(game: str, seed: int, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("COLUMNS", "80")
    for var in ("REFEREE_DB", "REFEREE_SESSION", "REFEREE_LANG"):
        monkeypatch.delenv(var, raising=False)
    rng = random.Random(26 + seed)
    tab = Tab(tmp_path, game, seed=seed, monkeypatch=monkeypatch)
    fronts = (("--db", str(tab.path), "--session", tab.sid), ("--db", str(tab.path)),
              ("--lang", "fr", "--db", str(tab.path)), ("--session", tab.sid, "--db", str(tab.path), "--color"))
    missed: list[str] = []
    aliases = {verb: word for word, verb in sorted(tab.engine.verb_words.items())}  # the table's words
    for _step in range(14):
        state = tab.state()
        if tab.engine.summary(state)["over"]:
            break
        legal = playout_choices(tab.engine, state)
        if not legal:
            break
        typed = [w for w in (_words(game, a) for a in rng.sample(legal, min(3, len(legal)))) if w]
        typed += [[aliases[w[0]], *w[1:]] for w in typed if w[0] in aliases]  # `déplacer` for `move`
        vocabulary = sorted({w for words in typed for w in words})
        for words in typed:
            for before, begun, must in _cuts(words, rng):
                form = rng.choice(FORMS)
                front = fronts[0] if must else rng.choice(fronts)
                if not tab.compare(form, before, begun, front) and must:
                    missed.append(f"{form}: {' '.join(before)} [{begun}]")
            for _ in range(3):
                changed = _changed(words, rng, vocabulary)
                before, begun, _must = rng.choice(_cuts(changed, rng))
                tab.compare(rng.choice(FORMS), before, begun, rng.choice(fronts))
        tab.advance(rng.choice(legal))
    assert not missed, f"the lane declined a value of a listed action: {missed[:5]}"
    assert tab.taken >= 50 and tab.declined  # both sides of the promise were tried
    assert tab.offered >= tab.taken // 3  # and words were offered, not only empty answers


def test_the_lane_declines_what_only_click_answers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """An option's name, a command's name, `new`, `status`, `--`, a placement option's value,
    another shell: declined, nothing printed. An environment variable the referee does not
    read changes nothing (no option is read from the environment but --db and --session)."""
    monkeypatch.delenv("REFEREE_SESSION", raising=False)
    tab = Tab(tmp_path, "croa", seed=1, monkeypatch=monkeypatch)
    db = ("--db", str(tab.path))
    for before, typed in (([], "mo"), ([], ""), (["move"], "--"), (["move"], "-"), (["new"], ""),
                          (["new", "--player"], ""), (["status"], ""),
                          (["move", "--"], ""), (["move", "--session"], ""), (["rules"], "")):
        for form in FORMS:
            assert not tab.compare(form, before, typed, db), (form, before, typed)
    assert tab.compare("bash-words", ["move"], "", db)
    monkeypatch.setenv("REFEREE_CROA_MOVE_TILE", "x")
    assert tab.compare("bash-words", ["move"], "", db)
    monkeypatch.delenv("REFEREE_CROA_MOVE_TILE")
    monkeypatch.setenv("_REFEREE_COMPLETE", "powershell_complete")
    monkeypatch.setenv("COMP_WORDS", "referee croa move ")
    monkeypatch.setenv("COMP_CWORD", "3")
    assert express_tab.run([]) is None
