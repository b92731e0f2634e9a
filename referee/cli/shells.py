"""Completion in bash, zsh and fish for words such as `ares:3` and `Ann=12`, and names with spaces.

Click's scripts hand the shell's words over as the shell split them. Bash splits at the
characters of COMP_WORDBREAKS (`:` and `=` among them), so `referee kleos move ares:3 <Tab>`
reached Click as three words and nothing was offered. The bash script here sends the line as
typed (COMP_LINE up to the cursor) and the word breaks; the words are split again as a POSIX
shell would, and each answer is given back from the last word break on, which is the part bash
replaces. A name with spaces comes back quoted so that it is inserted as one word. The screen's
width (COLUMNS) is passed too, so descriptions use the room there is.

Imported only for a completion request or `referee completion SHELL`.
"""

from __future__ import annotations

from click.shell_completion import (
    BashComplete,
    CompletionItem,
    FishComplete,
    ZshComplete,
    add_completion_class,
)

from referee.cli.tab_words import bash_line, bash_value, request

BASH_SOURCE = """\
%(complete_func)s() {
    local IFS=$'\\n'
    local response

    response=$(env COMP_LINE="$COMP_LINE" COMP_POINT="$COMP_POINT" COMP_WORDBREAKS="$COMP_WORDBREAKS" \\
        COLUMNS="$COLUMNS" %(complete_var)s=bash_complete $1)

    for completion in $response; do
        IFS=',' read type value <<< "$completion"

        if [[ $type == 'dir' ]]; then
            COMPREPLY=()
            compopt -o dirnames
        elif [[ $type == 'file' ]]; then
            COMPREPLY=()
            compopt -o default
        elif [[ $type == 'plain' ]]; then
            COMPREPLY+=("$value")
            [[ $value == *[=:] ]] && compopt -o nospace  # `Ann=`: the value is typed right after
        fi
    done

    return 0
}

%(complete_func)s_setup() {
    complete -o nosort -F %(complete_func)s %(prog_name)s
}

%(complete_func)s_setup;
"""


class RefereeBash(BashComplete):
    """Bash: the line as typed, re-split; answers from the last word break on."""

    source_template = BASH_SOURCE

    def get_completion_args(self) -> tuple[list[str], str]:
        args, incomplete = request("bash")  # our script's line, else Click's own script's words
        self.incomplete = incomplete if bash_line() is not None else ""  # Click's script: the whole word replaced
        return args, incomplete

    def format_completion(self, item: CompletionItem) -> str:
        return f"{item.type},{bash_value(str(item.value), getattr(self, 'incomplete', ''))}"


ZSH_COMPINIT = (
    "# zsh's completion system, loaded here when the shell has not loaded it (`compinit`)\n"
    "(( $+functions[compdef] )) || { autoload -Uz compinit && compinit -i }\n"
)
ZSH_OPEN = (  # a word ending in `=` or `:` (`Ann=`): no space after it, its value is typed next
    '            if [[ "$key" == *[=:] ]]; then\n'
    '                completions_open+=("$key":"${descr#_}")\n'
    '            elif [[ "$descr" == "_" ]]; then'
)
ZSH_OPEN_ADD = (
    '    if [ -n "$completions_open" ]; then\n'
    "        _describe -V unsorted completions_open -U -S ''\n"
    "    fi\n\n"
    '    if [ -n "$completions" ]; then'
)


def _zsh_source() -> str:
    """Click's zsh script, with the width passed, compinit loaded when it is not, and a word
    ending in `=` or `:` (`Ann=`) inserted with no space after it."""
    text = ZshComplete.source_template.replace("env COMP_WORDS=", 'env COLUMNS="$COLUMNS" COMP_WORDS=')
    text = text.replace("#compdef %(prog_name)s\n", "#compdef %(prog_name)s\n" + ZSH_COMPINIT, 1)
    text = text.replace("    local -a completions_with_descriptions\n",
                        "    local -a completions_with_descriptions\n    local -a completions_open\n", 1)
    text = text.replace('            if [[ "$descr" == "_" ]]; then', ZSH_OPEN, 1)
    return text.replace('    if [ -n "$completions" ]; then', ZSH_OPEN_ADD, 1)


class RefereeZsh(ZshComplete):
    """Zsh keeps `ares:3` as one word already; the width is passed as well, and the script
    works in a shell that has not run `compinit`. The request is read as the express lane reads
    it (`referee.cli.tab_words.request`)."""

    source_template = _zsh_source()

    def get_completion_args(self) -> tuple[list[str], str]:
        return request("zsh")


class RefereeFish(FishComplete):
    """Fish keeps `ares:3` as one word already; only the width is passed as well."""

    source_template = FishComplete.source_template.replace(
        "env %(complete_var)s=fish_complete", "env COLUMNS=$COLUMNS %(complete_var)s=fish_complete")

    def get_completion_args(self) -> tuple[list[str], str]:
        return request("fish")


def register() -> None:
    """Use these classes for `bash`, `zsh` and `fish` (Click's registry of shells)."""
    for cls, name in ((RefereeBash, "bash"), (RefereeZsh, "zsh"), (RefereeFish, "fish")):
        add_completion_class(cls, name)
