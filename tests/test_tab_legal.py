"""Tab: every word, only what is legal (issue 37, items 7-10). After a game, the verbs legal now
then the views and tools (never a verb the rules forbid now); session ids wherever one is typed;
a pending move in the form the status line lists it; Kreus' next reveal pair and token counts;
Elysion's `NAME=` first; a typed tile described as a tile. Each answer is asked as bash, zsh and
fish ask it, and the shells themselves are driven in a pseudo-terminal at 80x24 (zsh without
`compinit`, as the README's line is typed in a fresh shell)."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import midgame
import pexpect
import pytest

BIN = str(Path(sys.executable).parent)


def _ask(db, shell: str, line: str) -> list[tuple[str, str]]:
    """What `shell`'s script gets for `referee LINE` (the last word being typed): (word, help)."""
    env = {**os.environ, "REFEREE_DB": str(db), "_REFEREE_COMPLETE": f"{shell}_complete", "COLUMNS": "80"}
    for name in [k for k in env if k.startswith("REFEREE_") and k != "REFEREE_DB"]:
        env.pop(name)
    words = shlex.split(line) + ([""] if line.endswith(" ") else [])
    if shell == "fish":
        env.update(COMP_WORDS=f"referee {line}", COMP_CWORD=words[-1])
    else:
        env.update(COMP_WORDS=f"referee {line}", COMP_CWORD=str(len(words)))
    done = subprocess.run([sys.executable, "-m", "referee"], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    if shell == "zsh":
        return [(out[i + 1], out[i + 2]) for i in range(0, len(out) - 2, 3) if out[i] == "plain"]
    pairs = [line.split(",", 1)[1].partition("\t") for line in out if line.startswith("plain,")]
    return [(w, h) for w, _t, h in pairs]


def _words(db, shell: str, line: str) -> list[str]:
    return [w for w, _ in _ask(db, shell, line)]


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    """Crôa! at Bob's move (turn 4) and waiting on Ann's mosquito; Kreus at its first token and
    its first Creation; Elysion at its first reveal; Cerebria mid-turn."""
    folder = tmp_path_factory.mktemp("tab")
    out = {}
    for name, game, cut in (("croa", "croa", None), ("mosquito", "croa", 3), ("tokens", "kreus", 1),
                            ("reveal", "kreus", 7), ("elysion", "elysion", 1), ("cerebria", "cerebria", None)):
        out[name] = folder / f"{name}.db"
        midgame.build(out[name], game, cut)
    return out


SHELLS = ("bash", "zsh", "fish")


@pytest.mark.parametrize("shell", SHELLS)
def test_after_the_game_tab_offers_the_verbs_legal_now_then_the_views(tables, shell):
    offered = _words(tables["croa"], shell, "croa ")
    # Bob to move (no answer pending): `move` is the only verb the rules take now
    assert offered[0] == "move"
    assert {"bounce", "mosquito", "pass", "remove", "card"}.isdisjoint(offered)
    assert {"status", "hint", "rules", "pond", "new"} <= set(offered[1:])  # views and tools: always usable
    waiting = _words(tables["mosquito"], shell, "croa ")
    assert waiting[:2] == ["mosquito", "pass"] and "move" not in waiting  # Ann's mosquito: move another, or pass


def test_cerebria_offers_only_what_the_player_may_do_now(tables):
    from referee.cli.complete import legal_verbs

    live = midgame.live(tables["cerebria"], "cerebria")
    offered = _words(tables["cerebria"], "bash", "cerebria ")
    legal = legal_verbs(live)
    assert legal == ["impulse", "invoke"]  # Ann still has her actions: no end-turn offered yet
    assert offered[:2] == legal and not set(live.engine.verbs) & set(offered[2:])


@pytest.mark.parametrize("shell", SHELLS)
def test_session_ids_complete_wherever_one_is_typed(tables, shell):
    db = tables["croa"]
    for line in ("show ", "undo ", "log ", "export ", "report ", "verify ", "--session ", "croa --session ",
                 "croa new --like ", "croa move --session "):
        assert _words(db, shell, line) == ["croa-1"], line
    assert _words(db, shell, "play ")[0] == "croa-1" and "elysion" in _words(db, shell, "play ")  # a game too
    assert _words(db, shell, "kleos new --like ") == []  # a Kleos rematch: of a Kleos session only


@pytest.mark.parametrize("shell", SHELLS)
def test_mosquito_completes_the_choice_in_the_form_the_status_line_lists_it(tables, shell):
    # the status line: "waiting: Ann — mosquito (a1-a2, a1-b2, b1-a2, b1-b2, b1-c2, b1-c1, pass)"
    assert _words(tables["mosquito"], shell, "croa mosquito b1-") == ["b1-a2", "b1-b2", "b1-c2", "b1-c1"]
    assert _words(tables["mosquito"], shell, "croa mosquito b1-c") == ["b1-c2", "b1-c1"]


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_a_tile_is_described_as_the_tile_not_as_another_frogs_move(tables, shell):
    said = _ask(tables["croa"], shell, "croa move h8 g7 --tile ")
    assert {w for w, _ in said} >= {"lilypad", "mosquito", "pike", "reeds", "log"}
    assert all(h == "The tile turned over there" for _w, h in said), said


@pytest.mark.parametrize("shell", SHELLS)
def test_kreus_tokens_offer_the_legal_counts(tables, shell):
    # the Reserve holds 7 at the start: Ann may take 0 to 7 of them
    assert _words(tables["tokens"], shell, "kreus tokens Ann ") == [str(n) for n in range(8)]


@pytest.mark.parametrize("shell", SHELLS)
def test_kreus_reveal_offers_the_next_pair_player_then_card(tables, shell):
    db = tables["reveal"]
    # reveals go in seat order from the First Player (Ann): Bob's comes next, then Cy's
    assert _words(db, shell, "kreus reveal Ann atmosphere ") == ["Bob"]
    cards = _words(db, shell, "kreus reveal Ann atmosphere Bob ")
    assert "comet" in cards and "atmosphere" not in cards  # a second atmosphere cannot enter play
    assert _words(db, shell, "kreus reveal Ann atmosphere Bob comet ") == ["Cy"]


@pytest.mark.parametrize("shell", SHELLS)
def test_elysion_reveal_offers_each_name_first(tables, shell):
    assert _words(tables["elysion"], shell, "elysion reveal ") == ["Ann=", "Bob=", "Cy="]
    assert _words(tables["elysion"], shell, "elysion reveal Ann=2 ") == ["Bob=", "Cy="]
    assert "Ann=12" not in _words(tables["elysion"], shell, "elysion reveal Ann=1")  # 12 is in the row


# -- the shells themselves, at 80x24 ------------------------------------------------------------

def _spawn(shell: str, db: Path) -> pexpect.spawn:
    if shutil.which(shell) is None:
        pytest.skip(f"{shell} is not installed")
    env = {**os.environ, "REFEREE_DB": str(db), "PATH": f"{BIN}:{os.environ['PATH']}",
           "TERM": "xterm", "NO_COLOR": "1", "COLUMNS": "80", "LINES": "24"}
    env.pop("REFEREE_SESSION", None)
    argv = {"bash": ["--norc", "--noprofile"], "zsh": ["-f"], "fish": ["--no-config"]}[shell]
    child = pexpect.spawn(shell, argv, env=env, encoding="utf-8", timeout=60, dimensions=(24, 80))
    ready = "READY$((1+1))" if shell != "fish" else "READY(math 1+1)"
    setup = {"bash": 'eval "$(referee completion bash)"',
             "zsh": 'eval "$(referee completion zsh)"',  # as the README says it: no compinit typed
             "fish": "referee completion fish | source"}[shell]
    child.sendline(f"{setup}; echo {ready}")
    child.expect("READY2")
    return child


class _Screen:
    """The shell's 80x24 screen (pyte), read until a condition holds (a deadline, never a sleep)."""

    def __init__(self, child: pexpect.spawn) -> None:
        import pyte

        self.child = child
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.Stream(self.screen)

    def line(self) -> str:
        return self.screen.display[self.screen.cursor.y].rstrip()

    def until(self, ok, most: float = 60.0) -> bool:
        import time

        end = time.monotonic() + most
        while not ok():
            if time.monotonic() > end:
                return False
            try:
                self.stream.feed(self.child.read_nonblocking(65536, timeout=0.05))
            except pexpect.TIMEOUT:
                pass
        return True


@pytest.mark.parametrize("shell", SHELLS)
def test_in_each_shell_tab_completes_a_legal_verb_and_a_name_with_no_space(tables, shell):
    child = _spawn(shell, tables["elysion"])
    s = _Screen(child)
    try:
        child.send("referee elysion rev\t")  # the only legal verb that begins so
        assert s.until(lambda: s.line().endswith("referee elysion reveal")), s.screen.display
        child.send("B\t")
        assert s.until(lambda: s.line().endswith("reveal Bob=")), s.screen.display
        child.send("2")  # no space was put after `Bob=`: the realm follows it at once
        assert s.until(lambda: s.line().endswith("reveal Bob=2")), s.screen.display
    finally:
        child.terminate(force=True)


def test_zsh_without_compinit_loads_it_and_completes(tables):
    child = _spawn("zsh", tables["croa"])
    s = _Screen(child)
    try:
        child.sendline("print -r -- COMPDEF:$+functions[compdef]")
        child.expect(r"COMPDEF:(\d)")
        assert child.match.group(1) == "1"  # the script loaded zsh's completion system itself
        child.send("referee croa m\t")  # `mosquito` is not legal now: `m` is `move`
        assert s.until(lambda: s.line().endswith("referee croa move")), s.screen.display
    finally:
        child.terminate(force=True)
