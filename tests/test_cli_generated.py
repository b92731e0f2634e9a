"""The command line is generated from a game's declaration (referee.cli.generate): any engine
gets its verbs, `new`, views and tools with no CLI module of its own."""

from __future__ import annotations

from click.testing import CliRunner

from referee.cli import generate
from referee.model import registry
from referee.model.engine import Engine
from referee.model.verbs import Answer, Command, Field, Verb, declare


class Toy(Engine):
    name = "toy"
    title = "Toy"
    verbs = declare(
        Verb("roll", lambda s, a, c: [], help="Roll some dice.",
             fields=(Field("count", "how many dice", kind="int"),
                     Field("colour", "the dice's colour", option="--colour", required=False,
                           choices=("red", "blue"))),
             who="anyone"),
    )
    commands = (
        Command("double", "tool", "Twice a number.",
                lambda n: Answer({"twice": 2 * n}, (f"twice {n} is {2 * n}",)),
                fields=(Field("n", "the number", kind="int"),)),
    )


def _group(monkeypatch):
    monkeypatch.setattr(registry, "engine", lambda name: Toy())
    return generate.group("toy")


def test_a_declared_verb_is_a_command_with_its_help_choices_and_who(monkeypatch):
    out = CliRunner().invoke(_group(monkeypatch), ["roll", "--help"])
    assert out.exit_code == 0
    assert "Roll some dice." in out.output
    assert "[red|blue]" in out.output  # the choices domain shows in help
    assert "Who: any player, in or out of turn." in out.output


def test_an_int_field_refuses_a_bad_number_as_a_usage_error_naming_it(monkeypatch):
    out = CliRunner().invoke(_group(monkeypatch), ["roll", "many"])
    assert out.exit_code == 2
    assert "COUNT" in out.output and "not a valid integer" in out.output


def test_a_choice_takes_a_unique_beginning_and_refuses_others(monkeypatch):
    group = _group(monkeypatch)
    roll = group.commands["roll"]
    params = roll.make_context("roll", ["3", "--colour", "re"]).params
    assert roll.referee_action(**params) == {"verb": "roll", "count": 3, "colour": "red"}  # type: ignore[attr-defined]
    assert CliRunner().invoke(group, ["roll", "2", "--colour", "green"]).exit_code == 2


def test_a_declared_tool_prints_its_answer(monkeypatch):
    out = CliRunner().invoke(_group(monkeypatch), ["double", "21"])
    assert out.exit_code == 0 and "twice 21 is 42" in out.output
