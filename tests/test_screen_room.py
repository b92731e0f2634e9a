"""Nothing scrolled away at 80x24 (issue 37, items 2, 3 and 5): in `referee play` the answer and
the prompt stay on the screen together (no rows kept empty for a menu under an empty prompt; with
the board on, what just happened is printed under the board, next to the prompt); `new` ends
with the line that says which session started; `hint` lists the players' choices first. Each
in a real pseudo-terminal (pexpect), its screen read with pyte, waiting on conditions with a
deadline (never a sleep)."""

from __future__ import annotations

import os
import sys
import time

import midgame
import pexpect
import pyte

ROWS, COLS = 24, 80


class _Answering(pyte.Screen):
    child: pexpect.spawn

    def write_process_input(self, data: str) -> None:
        self.child.send(data)


class Terminal:
    """A `referee ...` process in an 80x24 pseudo-terminal, its screen kept by pyte."""

    def __init__(self, db, *args: str, env: dict | None = None) -> None:
        environ = {**os.environ, "REFEREE_DB": str(db), "TERM": "xterm", "NO_COLOR": "1", "PAGER": "cat",
                   **(env or {})}
        for name in ("REFEREE_SESSION", "COLUMNS", "LINES", "REFEREE_LANG", "LANG", "LC_ALL"):
            if name not in (env or {}):
                environ.pop(name, None)
        self.child = pexpect.spawn(sys.executable, ["-m", "referee", *args], env=environ,
                                   dimensions=(ROWS, COLS), encoding="utf-8", timeout=60)
        self.screen = _Answering(COLS, ROWS)
        self.screen.child = self.child  # answers prompt-toolkit's cursor position requests
        self.stream = pyte.Stream(self.screen)
        self.text = ""

    def wait(self, ok, most: float = 60.0) -> bool:
        """Read what the program draws until `ok()` holds (or `most` seconds pass)."""
        end = time.monotonic() + most
        while not ok():
            left = end - time.monotonic()
            if left <= 0:
                return False
            try:
                chunk = self.child.read_nonblocking(65536, timeout=min(0.05, left))
            except pexpect.TIMEOUT:
                continue
            except pexpect.EOF:
                return ok()
            self.text += chunk
            self.stream.feed(chunk)
        return True

    def to_end(self) -> list[str]:
        """Read to the end of the program: its screen."""
        assert self.wait(lambda: not self.child.isalive() and self._drained()), self.lines
        return self.lines

    def _drained(self) -> bool:
        try:
            chunk = self.child.read_nonblocking(65536, timeout=0.05)
        except (pexpect.TIMEOUT, pexpect.EOF):
            return True
        self.text += chunk
        self.stream.feed(chunk)
        return False

    @property
    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]


def _prompt_at_rest(t: Terminal, prompt: str) -> bool:
    """The prompt is drawn, empty, with the toolbar under it, and nothing more is coming."""
    lines = t.lines
    at = [i for i, line in enumerate(lines) if line == prompt.rstrip()]
    return bool(at) and any(line.strip() for line in lines[at[-1] + 1:])


def test_status_in_play_keeps_its_header_and_the_prompt_on_an_80x24_screen(tmp_path):
    db = tmp_path / "referee.db"
    midgame.build(db, "croa")
    t = Terminal(db, "play", "croa")
    assert t.wait(lambda: _prompt_at_rest(t, "croa> ")), t.lines
    t.child.send("help\r")  # the screen filled: the next answer starts at its bottom
    assert t.wait(lambda: _prompt_at_rest(t, "croa> ") and "croa> help" not in t.lines), t.lines
    before = len(t.text)
    t.child.send("status\r")
    assert t.wait(lambda: "compact view" in t.text[before:] and _prompt_at_rest(t, "croa> ")
                  and "croa> status" not in t.lines[-3:]), t.lines
    lines = t.lines
    at = lines.index("croa>")
    # the whole answer is on the screen: its header on the top row, the prompt and toolbar under it
    header = [i for i, line in enumerate(lines) if line.startswith("Crôa! · session croa-1 · compact view")]
    assert header and lines[header[-1] - 1] == "croa> status", "\n".join(lines)
    assert at == ROWS - 2 and all(line.strip() for line in lines[at + 1:]), lines
    t.child.sendcontrol("d")
    t.child.expect(pexpect.EOF)


def test_with_the_board_on_what_just_happened_is_under_the_board_next_to_the_prompt(tmp_path):
    db = tmp_path / "referee.db"
    midgame.build(db, "croa")
    t = Terminal(db, "play", "croa")
    assert t.wait(lambda: _prompt_at_rest(t, "croa> ")), t.lines
    t.child.send("set board on\r")
    assert t.wait(lambda: any("drawn after each action" in line for line in t.lines)), t.lines
    before = len(t.text)
    t.child.send("move h8 g7 --tile reeds\r")
    assert t.wait(lambda: "compact view" in t.text[before:] and _prompt_at_rest(t, "croa> ")
                  and not any(line.startswith("croa> move") for line in t.lines[-4:])), t.lines
    lines = t.lines
    at = lines.index("croa>")
    title = next(i for i, line in enumerate(lines) if line.startswith("Crôa! · session croa-1"))
    said = [i for i, line in enumerate(lines) if "g7" in line and i > title]
    assert said and title < said[-1] < at, lines  # the board, then what happened, then the prompt
    assert lines[at - 1].startswith(("Turn", "Tour")) or "turn" in lines[at - 1].lower(), lines
    t.child.sendcontrol("d")
    t.child.expect(pexpect.EOF)


def _kleos_cards(db) -> list[str]:
    """The Kleos example's cards typed into `db`; the example's `new` line, as words."""
    import shlex

    lines = midgame.lines("kleos")
    at = next(i for i, line in enumerate(lines) if line.startswith("new "))
    midgame.build(db, "kleos", cut=at)
    return shlex.split(lines[at])


def test_new_ends_with_the_line_naming_the_session_and_its_commitment_whole(tmp_path):
    db = tmp_path / "referee.db"
    words = [w for w in _kleos_cards(db) if w not in ("--seed", "42")]  # a sealed seed: a commitment
    t = Terminal(db, "kleos", *words)
    screen = [line for line in t.to_end() if line.strip()]
    text = t.text.replace("\r\n", "\n")
    assert "Session kleos-1 started" in text
    # the line saying which session started is the last thing on the screen, wrapped between words
    last = screen[-4:]
    assert any(line.startswith("Session kleos-1 started") for line in last), screen
    assert screen[-1].endswith("it is now the current kleos session."), screen
    import re

    commitment = re.search(r"commitment\s+([^\s)]+)\)", text).group(1)
    assert len(commitment) > 64 and any(commitment in line for line in screen), screen  # never cut mid-hash
    assert all(len(line) <= COLS for line in text.splitlines())


def test_head_of_the_record_is_wrapped_between_words_its_hash_and_command_whole():
    from referee.model.tables import wrap_paragraph

    head = "9f" * 32
    said = (f"Head of the record: {head} (keep it: `referee verify --head {head}` checks that the record"
            " still ends there)")
    lines = wrap_paragraph(said, COLS, "").split("\n")
    assert any(head == line.split()[0] for line in lines)  # the hash whole, on one line
    # the command to type is longer than the line: on a line of its own, never broken (the
    # terminal's own wrapping of it copies as one line)
    assert f"`referee verify --head {head}`" in lines
    assert " ".join(lines) == said


def test_kleos_hint_taller_than_the_screen_is_paged_the_players_choices_first(tmp_path):
    db = tmp_path / "referee.db"
    midgame.build(db, "kleos", cut=26)  # Ann's turn: she may move, recruit; cards' effects for the table
    t = Terminal(db, "kleos", "hint", env={"PAGER": "sed s/^/PAGED:/"})  # a pager that shows it was used
    t.to_end()
    lines = [line for line in t.text.replace("\r\n", "\n").split("\n") if line.strip()]
    assert len(lines) > ROWS and all(line.startswith("PAGED:") for line in lines), lines
    heads = [line.removeprefix("PAGED:").split(":")[0] for line in lines
             if " may " in line and not line.startswith("PAGED: ")]
    # Ann's own choices, then what her cards let her do, then the table's card effects
    assert heads[:3] == ["Ann may next", "Ann may move", "Ann may recruit"], heads
    assert heads[3] == "Ann may move --effect" and all(h.startswith("The table may") for h in heads[4:]), heads


def test_kleos_hint_on_a_tall_screen_is_not_paged(tmp_path):
    db = tmp_path / "referee.db"
    midgame.build(db, "kleos", cut=26)
    t = Terminal(db, "kleos", "hint", env={"PAGER": "sed s/^/PAGED:/", "LINES": "200"})
    t.to_end()
    assert "PAGED:" not in t.text and "Ann may move:" in t.text


def _draws(t: Terminal) -> list[str]:
    """Each screen the watch drew, as it came (the clear-screen code starts one)."""
    return [part for part in t.text.split("\x1b[2J") if "(watching croa-1" in part]


def test_show_watch_redraws_at_the_new_size_when_the_terminal_is_resized(tmp_path):
    db = tmp_path / "referee.db"
    midgame.build(db, "croa")
    # the starting size exported as fish exports it: the resized terminal's own size must win
    t = Terminal(db, "show", "--watch", env={"COLUMNS": str(COLS), "LINES": str(ROWS)})
    try:
        assert t.wait(lambda: len(_draws(t)) == 1 and "compact view" in _draws(t)[0]), t.text
        t.child.setwinsize(60, 50)  # SIGWINCH: drawn again at once, no change in the store needed
        assert t.wait(lambda: len(_draws(t)) >= 2, most=30), t.text
        redrawn = _draws(t)[-1]
        assert "compact view" not in redrawn  # 60 rows: the whole table
        import re

        def widest(draw: str) -> int:  # of the lines that can wrap (a grid's border has no space)
            lines = [re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", line).rstrip() for line in draw.split("\n")]
            return max(len(line) for line in lines if " " in line.strip())

        assert widest(redrawn) <= 50 < widest(_draws(t)[0])  # wrapped to the new width
        t.child.setwinsize(ROWS, COLS)
        assert t.wait(lambda: len(_draws(t)) >= 3 and "compact view" in _draws(t)[-1], most=30), t.text
    finally:
        t.child.sendintr()
        t.child.expect(pexpect.EOF)
