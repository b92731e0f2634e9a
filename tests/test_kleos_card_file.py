"""The Kleos card library as a file (issue 12, Deliver 8): `card import FILE`, `card export`
(TOML or CSV), `card remove NAME`; every bad line named with its field, nothing stored then."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from referee.cli import cli
from referee.games.kleos import library_file
from referee.games.kleos.library_file import LibraryFileError, parse_csv, parse_toml
from referee.record.store import Store

ADDS = [
    ["Hoplite Warrior", "--stats", "2/2/1/1"],
    ["Centaur", "--stats", "2/2/2/1", "--monster", "--swift"],
    ["Minotaur", "--stats", "3/3/1/-1", "--epic", "--hunter", "2/1", "--disposition", "2"],
    ["Amazonian Queen Myrina", "--stats", "3/2/2/1", "--epic", "--hero"],  # Disposition 1 from the rulebook
    ["Achilles", "--stats", "4/3/2/1", "--champion", "ares"],
]


def run(*args: str):
    return CliRunner().invoke(cli, ["kleos", "card", *args])


def library(db) -> dict:
    store = Store(db)
    try:
        return store.library_list("kleos", "minion")
    finally:
        store.close()


@pytest.fixture
def filled(db):
    for add in ADDS:
        assert run("add", *add).exit_code == 0
    return library(db)


@pytest.mark.parametrize("fmt", ["toml", "csv"])
def test_export_then_import_into_a_fresh_store_gives_the_same_library(filled, db, tmp_path, monkeypatch, fmt):
    out = tmp_path / f"cards.{fmt}"
    result = run("export", "-o", str(out))  # the format from the name
    assert result.exit_code == 0 and f"Wrote 5 cards to {out} ({fmt})." in result.output
    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "other.db"))
    imported = run("import", str(out))
    assert imported.exit_code == 0, imported.output
    assert "5 cards imported" in imported.output
    assert library(tmp_path / "other.db") == filled


def test_export_prints_toml_by_default_and_the_rulebook_facts_travel(filled):
    text = run("export").output
    assert text.count("[[card]]") == 5
    assert 'name = "Amazonian Queen Myrina"\nstats = "3/2/2/+1"\ndisposition = 1' in text
    assert 'name = "Minotaur"\nstats = "3/3/1/-1"\ndisposition = 2\nkeywords = ["epic"]\nhunter = "2/1"' in text
    assert 'name = "Achilles"\nstats = "4/3/2/+1"\nchampion = "ares"' in text


def test_export_csv_rows(filled):
    lines = run("export", "--format", "csv").output.splitlines()
    assert lines[0] == "name,stats,disposition,keywords,swift,hunter,champion"
    assert "Centaur,2/2/2/+1,,monster,yes,," in lines
    assert "Minotaur,3/3/1/-1,2,epic,,2/1," in lines


def test_export_never_overwrites_without_force(filled, tmp_path):
    out = tmp_path / "cards.toml"
    out.write_text("mine", encoding="utf-8")
    assert run("export", "-o", str(out)).exit_code == 2 and out.read_text(encoding="utf-8") == "mine"
    assert run("export", "-o", str(out), "--force").exit_code == 0


def test_import_replaces_a_card_of_the_same_name_and_says_so(filled, db, tmp_path):
    path = tmp_path / "fix.csv"
    path.write_text("name,stats\nhoplite warrior,2/3/1/+1\nCyclops,4/3/0/-2\n", encoding="utf-8")
    result = run("import", str(path))
    assert result.exit_code == 0 and "(1 replaced: hoplite warrior)" in result.output
    lib = library(db)
    assert lib["Cyclops"]["tactics"] == -2 and len(lib) == 6
    assert lib["hoplite warrior"]["defense"] == 3 and "Hoplite Warrior" not in lib


def test_import_dry_run_checks_the_file_and_stores_nothing(filled, db, tmp_path):
    path = tmp_path / "new.csv"
    path.write_text("name,stats\nCyclops,4/3/0/-2\n", encoding="utf-8")
    result = run("import", str(path), "--dry-run")
    assert result.exit_code == 0 and "(dry run: nothing stored)" in result.output
    assert library(db) == filled


def test_import_of_an_unknown_suffix_needs_format(db, tmp_path):
    path = tmp_path / "cards.txt"
    path.write_text("name,stats\nA,1/1/1/1\n", encoding="utf-8")
    assert run("import", str(path)).exit_code == 2
    assert run("import", str(path), "--format", "csv").exit_code == 0


# -- bad lines: each kind named with its line and field; nothing stored -------------------

BAD_TOML = """\
[[card]]
name = "Good"
stats = "2/2/1/+1"

[[card]]
name = "Short"
stats = "2/2/1"

[[card]]
stats = "1/1/1/1"

[[card]]
name = "Typo"
stats = "1/1/1/1"
colour = "red"

[[card]]
name = "Wizard"
stats = "1/1/1/1"
keywords = ["epic", "wizard"]

[[card]]
name = "Both"
stats = "1/1/1/1"
keywords = ["hero", "monster"]

[[card]]
name = "Far"
stats = "1/1/1/1"
disposition = 40

[[card]]
name = "Hunter"
stats = "1/1/1/1"
hunter = "x"

[[card]]
name = "Zeus"
stats = "1/1/1/1"
champion = "zeus"

[[card]]
name = "Slow"
stats = "1/1/1/1"
swift = "maybe"

[[card]]
name = "good"
stats = "1/1/1/1"
"""

EXPECTED = [
    (7, "stats", "stats are written A/D/C/T"),
    (9, "name", "every card needs a name"),
    (15, "colour", "unknown field"),
    (20, "keywords", "unknown keyword 'wizard'"),
    (25, "keywords", "a card is a Hero or a Monster, not both"),
    (30, "disposition", "a whole number from 0 to 20, not 40"),
    (35, "hunter", "write the Attack/Defense bonus as A/D"),
    (40, "champion", "no god 'zeus'"),
    (45, "swift", "true or false, not 'maybe'"),
    (48, "name", "'good' is already on line 2"),
]


def test_every_kind_of_bad_toml_line_is_named_with_line_and_field():
    with pytest.raises(LibraryFileError) as info:
        parse_toml(BAD_TOML, "cards.toml")
    got = [(p.line, p.field) for p in info.value.problems]
    assert got == [(line, field) for line, field, _ in EXPECTED]
    for problem, (_, _, words) in zip(info.value.problems, EXPECTED, strict=True):
        assert words in problem.message


def test_a_bad_file_stores_nothing_and_exits_2(filled, db, tmp_path):
    path = tmp_path / "cards.toml"
    path.write_text(BAD_TOML, encoding="utf-8")
    result = CliRunner().invoke(cli, ["kleos", "card", "import", str(path)])
    assert result.exit_code == 2
    assert f"{path}: 10 problems, nothing imported" in result.output
    assert "line 15, field 'colour': unknown field" in result.output
    assert library(db) == filled  # "Good" (a valid line) was not stored either


def test_toml_syntax_error_names_its_line():
    with pytest.raises(LibraryFileError) as info:
        parse_toml('[[card]]\nname = "A"\nstats = 2/2\n', "x.toml")
    assert info.value.problems[0].line == 3 and "not valid TOML" in info.value.problems[0].message


def test_bad_csv_lines_are_named_with_line_and_field():
    text = ("name,stats,keywords,swift\n"
            "A,1/1/1/1,epic,maybe\n"
            "B,1/1/1,,\n"
            "\n"
            "C,2/2/2/2,hero monster,\n"
            "a,1/1/1/1,,\n"
            "D,1/1/1/1,,,extra\n")
    with pytest.raises(LibraryFileError) as info:
        parse_csv(text, "x.csv")
    assert [(p.line, p.field) for p in info.value.problems] == [
        (2, "swift"), (3, "stats"), (5, "keywords"), (6, "name"), (7, None)]


def test_csv_header_must_name_known_columns_with_name_and_stats():
    with pytest.raises(LibraryFileError) as info:
        parse_csv("name,colour\nA,red\n", "x.csv")
    assert [(p.line, p.field, p.message.split(" (")[0]) for p in info.value.problems] == [
        (1, "colour", "unknown column"), (1, "stats", "missing column")]


def test_an_empty_file_is_refused():
    with pytest.raises(LibraryFileError):
        parse_csv("", "x.csv")
    with pytest.raises(LibraryFileError):
        parse_toml("# nothing\n", "x.toml")


def test_file_card_equals_card_add_card(filled):
    assert library_file.build_card("Minotaur", "3/3/1/-1", 2, ["epic"], hunter="2/1") == filled["Minotaur"]


# -- remove -------------------------------------------------------------------------------

def test_remove_takes_a_card_out_by_name_in_any_case(filled, db):
    result = run("remove", "centaur")
    assert result.exit_code == 0 and "Centaur removed" in result.output
    assert "Centaur" not in library(db) and len(library(db)) == 4


def test_remove_of_an_unknown_card_suggests_and_changes_nothing(filled, db):
    result = run("remove", "Minotaru")
    assert result.exit_code == 2 and "did you mean 'Minotaur'" in result.output
    assert library(db) == filled


def test_remove_json(filled):
    result = CliRunner().invoke(cli, ["--json", "kleos", "card", "remove", "Achilles"])
    assert json.loads(result.output)["result"] == {"removed": "Achilles"}


def test_card_add_in_another_case_corrects_the_card_instead_of_doubling_it(filled, db):
    assert run("add", "centaur", "--stats", "2/3/2/1").exit_code == 0
    lib = library(db)
    assert len(lib) == 5 and lib["centaur"]["defense"] == 3 and "Centaur" not in lib
