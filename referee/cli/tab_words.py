"""A Tab's request and answer as each shell's script passes them, without Click.

A completion request comes in the environment: the words typed before the cursor and the word
being typed (`request`), and goes back as one line per word offered (`answer_line`), in the
form the script reads. Bash: our script (`referee.cli.shells`) sends the line as typed
(COMP_LINE, COMP_POINT, COMP_WORDBREAKS), Click's own sends COMP_WORDS and COMP_CWORD; zsh and
fish: as Click 8.5's scripts send and read them. The Click tree (`referee.cli.shells`) and the
express lane (`referee.cli.express_tab`) read the request with `request`; the lane answers with
`answer_line`, the Click tree with its shell classes (bash's through `bash_value`).
"""

from __future__ import annotations

import os

DEFAULT_BREAKS = " \t\n\"'@><=;|&(:"  # bash's COMP_WORDBREAKS when the script sends none


def split_words(string: str) -> list[str]:
    """The words of `string` as a POSIX shell splits them, a missing closing quote or a last
    backslash forgiven (the part typed so far is the word), as Click's `split_arg_string`."""
    import shlex

    lex = shlex.shlex(string, posix=True)
    lex.whitespace_split = True
    lex.commenters = ""
    out: list[str] = []
    try:
        out.extend(lex)
    except ValueError:
        out.append(lex.token)
    return out


def typed_words(line: str) -> tuple[list[str], str]:
    """The words before the cursor as a POSIX shell reads them, and the word being typed."""
    words = split_words(line)
    if not line or line[-1].isspace():
        words.append("")
    if not words:
        return [], ""
    return words[1:-1], words[-1]


def after_break(incomplete: str, breaks: str) -> int:
    """Where the part of the word bash replaces starts: after its last word-break character."""
    cut = 0
    for i, char in enumerate(incomplete):
        if char in breaks and char not in "\"'":
            cut = i + 1
    return cut


def bash_line() -> tuple[list[str], str] | None:
    """Our bash script's request: the words before the cursor of COMP_LINE, and the word being
    typed; None for Click's own script (no COMP_LINE)."""
    line = os.environ.get("COMP_LINE")
    if line is None:
        return None
    point = os.environ.get("COMP_POINT", "")
    line = line[: int(point)] if point.isdigit() else line
    return typed_words(line)


def bash_value(value: str, typed: str) -> str:
    """A word offered, as bash puts it in place of what follows the last word break of the word
    being typed (`typed`; '' for Click's own script)."""
    breaks = os.environ.get("COMP_WORDBREAKS", DEFAULT_BREAKS)
    cut = after_break(typed, breaks)
    plain = value.strip("'\"")
    if cut and plain.startswith(typed[:cut]):
        return plain[cut:]
    return value


def request(shell: str) -> tuple[list[str], str]:
    """The words before the one being typed (after the program's name) and that word, as the
    shell's script sends them (KeyError, ValueError or IndexError when they are not there)."""
    if shell == "bash":
        line = bash_line()
        if line is not None:
            return line
    if shell == "fish":
        cwords = split_words(os.environ["COMP_WORDS"])
        incomplete = os.environ["COMP_CWORD"]
        if incomplete:
            incomplete = split_words(incomplete)[0]
        args = cwords[1:]
        if incomplete and args and args[-1] == incomplete:  # fish sends the word in both
            args.pop()
        return args, incomplete
    cwords = split_words(os.environ["COMP_WORDS"])
    cword = int(os.environ["COMP_CWORD"])
    args = cwords[1:cword]
    try:
        incomplete = cwords[cword]
    except IndexError:
        incomplete = ""
    return args, incomplete


def answer_line(shell: str, value: str, help: str | None, typed: str) -> str:
    """One word offered (with its help), as the shell's script reads it; `typed`: the word being
    typed as `request` gave it."""
    if shell == "bash":
        return f"plain,{bash_value(value, typed if os.environ.get('COMP_LINE') is not None else '')}"
    if shell == "zsh":  # zsh's `_describe` splits a word from its help at a colon
        shown = help or "_"
        if shown != "_":
            value = value.replace(":", "\\:")
        return f"plain\n{value}\n{shown}"
    if help:  # fish: the help after a tab, on the same line
        shown = help.replace("\n", "\\n").replace("\t", " ")
        return f"plain,{value}\t{shown}"
    return f"plain,{value}"
