"""A text board's column tables become HTML tables for the phone page (`Screens.board_html`'s
default): wrapped cells joined again, a two-line header read as one, the text around kept."""

from __future__ import annotations

import re

from referee.model.textboards import text_board_html

CEREBRIA_LIKE = """\
Impulse
slot    face-up card              stack
------  ------------------------  -------
1       (empty)                   0
2       mild-bliss-green-destroy  5

player  hand    shown in hand                 bliss    last
                                                       Rev.
------  ------  ----------------------------  -------  ------
Bob     3       strong-bliss-yellow-deprive,  0        2
                strong-bliss-red-drain
Cy      5       -                             0        0
Revelation scored: Cycle 1 is over and nobody plays until `next-cycle` prepares
  Cycle 2; Ann will start it.
"""

ELYSION_LIKE = """\
Journeys
       Ann            Bob
-----  -------------  ----------
day 1  2 earth CL     5 sky
day 2  32* sky        33 sea GL
Discard pile (5): Air, Earth, The Hekatonkheires
"""


def tables(html: str) -> list[list[list[str]]]:
    """Each table's rows (header first) as lists of cell texts."""
    return [[re.findall(r"<t[hd]>(.*?)</t[hd]>", row) for row in re.findall(r"<tr>(.*?)</tr>", table)]
            for table in re.findall(r"<table.*?</table>", html)]


def test_wrapped_cells_and_a_two_line_header_read_as_one():
    html = text_board_html(CEREBRIA_LIKE)
    first, second = tables(html)
    assert first == [["slot", "face-up card", "stack"], ["1", "(empty)", "0"],
                     ["2", "mild-bliss-green-destroy", "5"]]
    assert second == [["player", "hand", "shown in hand", "bliss", "last Rev."],
                      ["Bob", "3", "strong-bliss-yellow-deprive, strong-bliss-red-drain", "0", "2"],
                      ["Cy", "5", "-", "0", "0"]]
    assert "<p>Impulse</p>" in html
    # an indented line goes on with the line above it
    assert "<p>Revelation scored: Cycle 1 is over and nobody plays until `next-cycle` prepares Cycle 2; Ann will start it.</p>" in html


def test_a_title_above_a_header_with_an_empty_first_cell_stays_a_title():
    html = text_board_html(ELYSION_LIKE)
    assert tables(html) == [[["", "Ann", "Bob"], ["day 1", "2 earth CL", "5 sky"],
                             ["day 2", "32* sky", "33 sea GL"]]]
    assert html.index("<p>Journeys</p>") < html.index("<table")
    # a line written across the columns ends the table
    assert "<p>Discard pile (5): Air, Earth, The Hekatonkheires</p>" in html


def test_text_is_escaped():
    assert "&lt;b&gt;" in text_board_html("a <b> tag")
