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
             who="table"),
        Verb("deal", lambda s, a, c: [], help="Deal some cards.",
             fields=(Field("cards", "the cards as dealt", kind="list", option="--cards",
                           required=False, metavar="C,C,..."),),
             who="table"),
    )
    commands = (
        Command("double", "tool", "Twice a number.",
                lambda n: Answer({"twice": 2 * n}, (f"twice {n} is {2 * n}",)),
                fields=(Field("n", "the number", kind="int", limits=(1, 50)),)),
        Command("box", "group", "What is in a box."),
        Command("open", "tool", "Open a box: count its lines.",
                lambda file: Answer({"file": file.path, "lines": len(file.text.splitlines())},
                                    (f"{file.path}: {len(file.text.splitlines())} lines",)),
                fields=(Field("file", "the box", kind="file", metavar="FILE"),), group="box"),
    )


def _group(monkeypatch):
    monkeypatch.setattr(registry, "engine", lambda name: Toy())
    return generate.group("toy")


def test_a_declared_verb_is_a_command_with_its_help_choices_and_who(monkeypatch):
    out = CliRunner().invoke(_group(monkeypatch), ["roll", "--help"])
    assert out.exit_code == 0
    assert "Roll some dice." in out.output
    assert "[red|blue]" in out.output  # the choices domain shows in help
    assert "Who: the table (no one player)." in out.output


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


def test_a_list_field_carries_its_comma_separated_words(monkeypatch):
    deal = _group(monkeypatch).commands["deal"]
    params = deal.make_context("deal", ["--cards", "a, b,,c"]).params
    assert deal.referee_action(**params) == {"verb": "deal", "cards": ["a", "b", "c"]}  # type: ignore[attr-defined]
    params = deal.make_context("deal", []).params
    assert deal.referee_action(**params) == {"verb": "deal", "cards": None}  # type: ignore[attr-defined]


def test_an_int_field_with_limits_refuses_a_number_outside_them(monkeypatch):
    group = _group(monkeypatch)
    assert CliRunner().invoke(group, ["double", "50"]).exit_code == 0
    out = CliRunner().invoke(group, ["double", "51"])
    assert out.exit_code == 2 and "1<=x<=50" in out.output


def test_a_group_row_gathers_its_commands_and_a_file_field_reads_the_file(monkeypatch, tmp_path):
    group = _group(monkeypatch)
    assert "open" not in group.commands and "box" in group.commands
    box = tmp_path / "box.txt"
    box.write_text("one\ntwo\n", encoding="utf-8")
    out = CliRunner().invoke(group, ["box", "open", str(box)])
    assert out.exit_code == 0 and f"{box}: 2 lines" in out.output
    assert CliRunner().invoke(group, ["box", "open", str(tmp_path)]).exit_code == 2  # a folder
    assert CliRunner().invoke(group, ["box", "--help"]).output.count("What is in a box.") == 1
