"""`referee serve` in a real 80x24 pseudo-terminal (pexpect), its screen read with pyte: once
the banner is out, the address (and each seat's) is what stays on the screen; the QR code is
drawn only for an address a phone can reach, and only whole."""

from __future__ import annotations

import os
import re
import sys
import time

import pexpect
import pyte
import pytest
from club import EXAMPLES, play

from referee.cli.serve import missing_parts

ROWS, COLS = 24, 80
pytestmark = pytest.mark.skipif(bool(missing_parts()), reason="pip install '.[serve]'")
QR = ("▀", "▄", "█")


class Terminal:
    """`referee serve --port 0 ARGS` in an 80x24 pty until `stop()` (Ctrl-C, as at the table)."""

    def __init__(self, db, *args: str) -> None:
        env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1"}
        env.pop("REFEREE_SESSION", None)
        self.child = pexpect.spawn(sys.executable, ["-m", "referee", "--db", str(db), "serve", "--port", "0", *args],
                                   env=env, dimensions=(ROWS, COLS), encoding="utf-8", timeout=30)
        self.screen = pyte.Screen(COLS, ROWS)
        self.stream = pyte.Stream(self.screen)

    def wait(self, words: str, most: float = 30.0) -> list[str]:
        """The screen's lines once `words` are on it (fails at the deadline)."""
        end = time.monotonic() + most
        while words not in "\n".join(self.screen.display):
            left = end - time.monotonic()
            if left <= 0:
                pytest.fail(f"never on screen: {words!r}\n" + "\n".join(self.screen.display))
            try:
                self.stream.feed(self.child.read_nonblocking(65536, timeout=min(0.1, left)))
            except pexpect.TIMEOUT:
                pass
        return [line.rstrip() for line in self.screen.display]

    def stop(self) -> None:
        self.child.sendintr()
        self.child.expect(pexpect.EOF, timeout=15)
        self.child.close()
        assert self.child.exitstatus == 0


def croa(tmp_path, deal: bool = False):
    db = tmp_path / "r.db"
    lines = [line for line in (EXAMPLES / "croa.txt").read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    if deal:
        lines = ["new --player Ann:red --player Bob:blue --player Cy:green --digital --cards --deal"]
    play(db, "croa", "\n".join(lines[:6]))
    return db


def test_the_local_address_is_on_screen_with_how_to_share_it_and_no_qr_code(tmp_path):
    term = Terminal(croa(tmp_path))
    screen = term.wait("Ctrl-C stops.")
    term.stop()
    said = "\n".join(screen)
    assert re.search(r"^  http://127\.0\.0\.1:\d+/[\w-]{32}/$", said, re.M), said
    assert "referee serve --host 0.0.0.0" in said
    assert not any(mark in said for mark in QR)  # a phone could not open what it points to


def test_on_the_network_the_whole_qr_code_and_the_address_under_it_fit_80x24(tmp_path):
    term = Terminal(croa(tmp_path), "--host", "0.0.0.0")
    screen = term.wait("Ctrl-C stops.")
    term.stop()
    import io

    import segno

    drawn = [i for i, line in enumerate(screen) if any(mark in line for mark in QR)]
    address = next(i for i, line in enumerate(screen) if re.match(r"^  http://\S+:\d+/[\w-]{32}/$", line))
    whole = io.StringIO()
    segno.make(screen[address].strip(), error="m").terminal(out=whole, compact=True, border=1)
    assert len(drawn) == len(whole.getvalue().splitlines())  # every row of the code: none scrolled away
    assert max(drawn) < address < ROWS
    assert "127.0.0.1" not in screen[address]


def test_seats_lines_stay_on_screen_under_the_tables_address(tmp_path):
    term = Terminal(croa(tmp_path, deal=True), "--seats", "--host", "0.0.0.0")
    screen = term.wait("Ctrl-C stops.")
    term.stop()
    said = "\n".join(screen)
    address = next(i for i, line in enumerate(screen) if re.match(r"^  http://\S+/[\w-]{32}/$", line))
    seats = [i for i, line in enumerate(screen) if re.match(r"^(Ann|Bob|Cy): http://\S+/seat/\1$", line)]
    assert len(seats) == 3 and address < min(seats)
    # 18 rows of code and the lines under it would not fit: no code cut at its top, said so
    assert not any(mark in said for mark in QR) and "No room for the QR code in 24 rows" in said


def test_a_line_a_narrow_terminal_wraps_counts_for_its_rows(capsys):
    """The code is drawn only when it and every row under it fit: a 19-row code and four lines
    fit 24 rows of 80 columns (23 rows); at 40 columns the 77-character line about the network
    takes two rows (24: the last row is the cursor's), so the code is left out and that is said."""
    from referee.cli.serve import banner

    class Code:
        def terminal(self, out, compact: bool, border: int | None = None) -> None:
            out.write("█\n" * 19)

    banner("http://h:1/t/", "0.0.0.0", Code(), None, "croa-1", None, (80, 24))
    wide = capsys.readouterr().out
    banner("http://h:1/t/", "0.0.0.0", Code(), None, "croa-1", None, (40, 24))
    narrow = capsys.readouterr().out
    assert wide.count("█") == 19 and "No room" not in wide
    assert "█" not in narrow and "No room for the QR code in 24 rows" in narrow
