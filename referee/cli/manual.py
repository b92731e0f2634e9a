"""`referee manual [GAME]`: the manual pages, readable after `pip install` without the clone.

The pages are drawn from the Click tree at run time (the same text as
`python -m referee.cli.manpages DIR` writes for a package), so nothing extra is
shipped and they never go stale. On a terminal with `man`, the page is shown by `man -l`
(its own pager); otherwise it is turned into plain text, paged on a terminal.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
import textwrap
from pathlib import Path

import click

from referee.cli import output
from referee.cli.manpages import pages
from referee.cli.root import GAME_NAMES
from referee.model.i18n import language


def roff_to_text(page: str, width: int = 80) -> str:
    """The few man(7) macros the generated pages use, as plain indented text wrapped to `width`."""
    out: list[str] = []
    indent, term_next, literal, after_b, tp_body = 0, False, False, False, False

    def put(text: str, pad: int) -> None:
        if literal or not text:
            out.append(" " * pad + text if text else "")
        else:
            out.extend(textwrap.wrap(text, max(20, width - pad), initial_indent=" " * pad,
                                     subsequent_indent=" " * pad, break_long_words=False,
                                     break_on_hyphens=False))

    for raw in page.splitlines():
        line = re.sub(r"\\f[BIRP]", "", raw).replace("\\-", "-").replace("\\&", "").replace("\\\\", "\\")
        macro = raw.split(" ", 1)[0] if raw.startswith(".") else ""
        body = line[len(macro):].strip() if macro else line
        if macro == ".TH":
            out += [f"{raw.split(chr(34))[1].lower()}(1)" if '"' in raw else body]
        elif macro == ".SH":
            out += ["", body]
            indent = 0
        elif macro == ".SS":
            out += ["", "  " + body]
        elif macro == ".B":
            out.append("    " + body)
            after_b = True
            continue
        elif macro == ".PP":
            if out and out[-1] != "":
                out.append("")
        elif macro == ".TP":
            term_next = True
        elif macro == ".RS":
            indent += 2
        elif macro == ".RE":
            indent = max(0, indent - 2)
        elif macro == ".nf":
            literal = True
        elif macro == ".fi":
            literal = False
        elif macro:
            pass
        elif after_b and out:
            out[-1] += " " + body
        elif term_next:
            put(body, 4 + indent)
            term_next, tp_body = False, True
            continue
        else:
            put(body, 4 + indent + (4 if tp_body else 0))
        after_b = tp_body = False
    return "\n".join(out).strip("\n") + "\n"


@click.command("manual")
@click.argument("game", required=False, type=click.Choice(GAME_NAMES))
def manual_cmd(game: str | None) -> None:
    """The manual page of `referee` or of one GAME, through the pager on a terminal.

    Uses `man` when it is installed; plain text otherwise (and when piped)."""
    name = f"referee-{game}.1" if game else "referee.1"
    every = pages()
    page = every.get(f"{language()}/{name}") or every[name]  # the table's language where translated
    name = name.rsplit("/", 1)[-1]
    man = shutil.which("man")
    if man and output._isatty() and output._stdin_isatty():
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / name
            path.write_text(page, encoding="utf-8")
            code = subprocess.call([man, "-l", str(path)])
        if code == 0:
            return
    text = roff_to_text(page, output.width() or 80)
    if output._isatty() and output._stdin_isatty():
        click.echo_via_pager(text)
    else:
        click.echo(text, nl=False)
