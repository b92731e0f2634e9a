"""Man pages drawn from the Click tree: `python -m referee.cli.manpages DIR` writes them.

One page for `referee` (global options and session commands) and one per game
group (`referee-kleos.1`, ...), listing every verb with its arguments and
options, so a game's page comes from its declaration. None is committed: a package
writes them when it is built, and `referee manual [GAME]` draws them when read;
tests/test_docs.py checks that every command and option of the tree is in its page.
"""

from __future__ import annotations

import inspect
import sys
from pathlib import Path

import click

from referee import __version__
from referee.cli.lazy import localize
from referee.cli.root import GAME_HELP, SESSION_COMMANDS, cli
from referee.model import i18n, registry
from referee.model.i18n import _

DATE = "2026"


def _esc(text: str) -> str:
    text = text.replace("\\", "\\\\").replace("-", "\\-")
    lines = []
    for line in text.splitlines():
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def _help(cmd: click.Command) -> str:
    localize(cmd)

    text = inspect.cleandoc(cmd.help or cmd.short_help or "")
    return text + (f"\n\n{cmd.epilog}" if cmd.epilog else "")  # who may use a verb


def _paragraphs(text: str) -> list[str]:
    """Paragraphs as roff: Click's \\b paragraphs keep their line breaks (.nf/.fi)."""
    out = []
    for para in text.split("\n\n"):
        if not para.strip():
            continue
        if para.lstrip().startswith("\b"):
            body = para.lstrip()[1:].strip("\n")
            out.append(".nf\n" + _esc(body) + "\n.fi")
        else:
            out.append(_esc(" ".join(line.strip() for line in para.splitlines())))
    return out


def _usage(ctx: click.Context, cmd: click.Command) -> str:
    return " ".join(cmd.collect_usage_pieces(ctx))


def _options(ctx: click.Context, cmd: click.Command) -> list[str]:
    out: list[str] = []
    params = cmd.get_params(ctx)
    localize(cmd)  # the help option too, in the page's language
    for param in params:
        record = param.get_help_record(ctx)
        if record is None:
            continue
        out += [".TP", f"\\fB{_esc(record[0])}\\fR", _esc(record[1] or "")]
    return out


def _context(cmd: click.Command, name: str, parent: click.Context | None = None) -> click.Context:
    """A context as Click makes one for `cmd` (its context_settings apply: -h/--help)."""
    return click.Context(cmd, info_name=name, parent=parent, **cmd.context_settings)


def _command_section(ctx: click.Context, path: str, cmd: click.Command) -> list[str]:
    sub = _context(cmd, path.split()[-1], ctx)
    out = [f".SS {_esc(path)}", f".B {_esc(path)} {_esc(_usage(sub, cmd))}".rstrip(), ".PP"]
    for para in _paragraphs(_help(cmd)):
        out += [para, ".PP"]
    opts = _options(sub, cmd)
    if opts:
        out += [".RS", *opts, ".RE"]
    return out


def page(name: str, group: click.Command, title: str, parent: click.Context | None = None,
         commands: list[str] | None = None, games: list[str] | None = None) -> str:
    games = registry.names() if games is None else games

    ctx = _context(group, name.replace("referee-", "referee ").split()[-1], parent)
    full = name.replace("-", " ")
    sections = {"NAME": _("NAME"), "SYNOPSIS": _("SYNOPSIS"), "DESCRIPTION": _("DESCRIPTION"),
                "OPTIONS": _("OPTIONS"), "COMMANDS": _("COMMANDS"), "EXIT STATUS": _("EXIT STATUS"),
                "ENVIRONMENT": _("ENVIRONMENT"), "SEE ALSO": _("SEE ALSO")}
    out = [
        f'.TH "{name.upper()}" "1" "{DATE}" "referee {__version__}" "User Commands"',
        ".nh",  # words are never broken at a line's end (no hyphenation), lines left-aligned
        ".ad l",
        f".SH {sections['NAME']}",
        f"{_esc(name)} \\- {_esc(_(title))}",
        f".SH {sections['SYNOPSIS']}",
        f".B {_esc(full)}",
        "[\\fIOPTIONS\\fR] \\fICOMMAND\\fR [\\fIARGS\\fR]...",
        f".SH {sections['DESCRIPTION']}",
    ]
    for para in _paragraphs(_help(group)):
        out += [para, ".PP"]
    opts = _options(ctx, group)
    if opts:
        out += [f".SH {sections['OPTIONS']}", *opts]
    if isinstance(group, click.Group):
        out.append(f".SH {sections['COMMANDS']}")
        for sub_name in commands if commands is not None else group.list_commands(ctx):
            cmd = group.get_command(ctx, sub_name)
            if cmd is None or cmd.hidden:
                continue
            if isinstance(cmd, click.Group):
                sub_ctx = _context(cmd, sub_name, ctx)
                for leaf in cmd.list_commands(sub_ctx):
                    leaf_cmd = cmd.get_command(sub_ctx, leaf)
                    assert leaf_cmd is not None
                    out += _command_section(sub_ctx, f"{full} {sub_name} {leaf}", leaf_cmd)
            else:  # by its name in the page's language (French: `referee croa déplacer`)
                said = getattr(group, "said_name", lambda name: name)(sub_name)
                out += _command_section(ctx, f"{full} {said}", cmd)
    if name == "referee":
        out.append(".SH GAMES")
        for game in games:
            out += [".TP", f"\\fBreferee {game}\\fR", _esc(f"{registry.help_line(game)} See referee-{game}(1).")]
    out += [f".SH {sections['EXIT STATUS']}", _("0 done; 1 refused by a rule (nothing recorded); 2 usage error;"),
            _("3 session or storage error."), f".SH {sections['ENVIRONMENT']}",
            _("\\fBREFEREE_DB\\fR the session store; \\fBREFEREE_SESSION\\fR the session to act on."),
            f".SH {sections['SEE ALSO']}"]
    out.append(", ".join(f"\\fBreferee\\-{g}\\fR(1)" for g in games) if name == "referee" else "\\fBreferee\\fR(1)")
    return "\n".join(out) + "\n"


def pages(games: list[str] | None = None) -> dict[str, str]:
    """Every page, by file name: the root's and one per game (`games`: default, every game
    registered now; the committed man/ folder holds the shipped games' only)."""
    games = registry.names() if games is None else games
    i18n.click_speaks()  # Click's own words (`default:`) in each page's language
    root_ctx = _context(cli, "referee")
    with i18n.speaking("en"):  # whatever the environment's language
        out = {"referee.1": page("referee", cli, "a referee and scorer for board games",
                                 commands=sorted(SESSION_COMMANDS), games=games)}
        for game in games:
            group = cli.get_command(root_ctx, game)
            assert group is not None
            out[f"referee-{game}.1"] = page(f"referee-{game}", group, registry.help_line(game),
                                            parent=root_ctx, games=games)
    out.update(french_pages(root_ctx))
    return out


def french_pages(root_ctx: click.Context) -> dict[str, str]:
    """The pages the French catalog translates (Crôa!, whose rulebook is French): fr/NAME."""
    group = cli.get_command(root_ctx, "croa")
    assert group is not None
    with i18n.speaking("fr"):
        localize(group)
        text = page("referee-croa", group, GAME_HELP["croa"], parent=root_ctx)
    localize(group)  # back to the language in force
    return {"fr/referee-croa.1": text}


def write(folder: str | Path) -> list[Path]:
    """Every page of the shipped games into `folder` (fr/ for the translated ones)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in pages(registry.shipped()).items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
        written.append(folder / name)
    return written


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m referee.cli.manpages DIR (the folder the pages are written to)")
    for path in write(sys.argv[1]):
        print(path)
