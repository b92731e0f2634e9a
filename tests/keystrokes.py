"""Keystrokes for one typical turn of each game (a script, not a test): `python tests/keystrokes.py`.

Each turn is a slice of the example game (examples/GAME.txt), played for real through the
shell. For every action the slice records, the command is rebuilt in its full canonical form
(what `hint --json` prints) and counted two ways, Enter included:
- before: every character of the full command typed (no completion that follows the rules,
  no prefixes: the play-testers' experience);
- after: the shell as it is now: the shortest unique prefix of the verb; the player to act left
  out where the command allows it and only that player may act; for each argument
  the legal words now (`referee.cli.complete.words`): a few letters and Tab (each further Tab
  steps to the next word in the menu), or the word itself when that is shorter; a word
  completion does not know (a typed die, a number, an option) is typed in full.
"""

from __future__ import annotations

import shlex
import sys
import tempfile
from contextlib import redirect_stdout
from io import StringIO
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import click
import midgame

from referee.cli import cli
from referee.cli.complete import Live, field_keys, words
from referee.cli.hint import command_words

TURNS = {  # (first, last + 1) command lines of the example: one turn
    "croa": (1, 4, "Ann's move: a lily pad, a bounce onto a mosquito, the mosquito's move"),
    "kleos": (31, 36, "Bob's Action Phase: three moves and an attack, next"),
    "kreus": (7, 12, "a Creation round for four and the Divination after it"),
    "cerebria": (2, 8, "Ann's turn: two invokes, two abilities, a pass, end-turn"),
    "elysion": (1, 6, "a day for three: reveal, three takes, next"),
}


def _word_cost(word: str, legal: list[str]) -> int:
    """Keystrokes for `word` given the legal words offered in order: k letters, then Tab
    presses until it is selected; or the word typed in full."""
    best = len(word)
    if word not in legal:
        return best
    for k in range(len(word) + 1):
        matching = [w for w in legal if w.casefold().startswith(word[:k].casefold())]
        best = min(best, k + matching.index(word) + 1)
    return best


def _verb_cost(verb: str, names: list[str]) -> int:
    for k in range(1, len(verb) + 1):
        if [n for n in names if n.startswith(verb[:k])] == [verb]:
            return k
    return len(verb)


def measure(game: str) -> tuple[int, int, int]:
    from referee.cli.context import Referee
    from referee.cli.shell import Shell
    from referee.record import session
    from referee.record.store import Store

    first, last, _ = TURNS[game]
    db = Path(tempfile.mkdtemp()) / "k.db"
    midgame.build(db, game, cut=first)
    ref = Referee()
    ref.configure(str(db), None, False)
    shell = Shell(ref, game=game)
    group = cli.get_command(click.Context(cli), game)
    before = after = actions = 0
    for line in midgame.lines(game)[first:last]:
        store = Store(db)
        sid = session.resolve(store, game, None)
        loaded = session.load(store, sid)
        live = Live.of(loaded, store)
        with redirect_stdout(StringIO()):
            shell.execute(line)
        done = store.actions(sid)
        if len(done) != len(loaded.records) + 1:
            continue  # a view or a refusal: no action
        action = done[-1]["action"]
        verb = action["verb"]
        cmd = group.get_command(click.Context(group), verb)
        typed = command_words(live.engine, verb, cmd, action) or shlex.split(line)
        actions += 1
        before += len(shlex.join(typed)) + 1
        cost = _verb_cost(verb, shell.commands()) + 1  # Enter
        given: dict = {}
        arguments = [(p, k) for p, k in field_keys(live.engine, verb, cmd) if isinstance(p, click.Argument)]
        rest = typed[1:]
        declared = live.engine.verbs.get(verb) if live.engine.verbs else None
        implied = live.engine.implied_actor(loaded.state, declared) if declared and declared.actor else None
        for param, key in arguments:
            value = action.get(key)
            if value in (None, [], ()):
                continue
            may_skip = not param.required or str(param.metavar or "").startswith("[")
            if declared and key == declared.actor and value == implied and may_skip:
                if rest:  # the player to act, left out: the referee knows who it is
                    rest.pop(0)
                given[key] = value
                continue
            values = value if isinstance(value, list) else [value]
            for v in values:
                word = rest.pop(0) if rest else str(v)
                legal = [w for w, _ in words(live, verb, given, key, cmd)]
                cost += 1 + _word_cost(word, legal)  # the space before it, then the word
                given[key] = [*given.get(key, []), v] if isinstance(value, list) else v
        if rest:  # options and their values: typed in full
            cost += len(" " + shlex.join(rest))
        after += cost
        store.close()
    return actions, before, after


def main() -> None:
    print("| game | turn | actions | before | after |")
    print("|---|---|---|---|---|")
    for game in TURNS:
        actions, before, after = measure(game)
        print(f"| {game} | {TURNS[game][2]} | {actions} | {before} | {after} |")


if __name__ == "__main__":
    main()
