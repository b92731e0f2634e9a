"""The card catalog and its scoring language: the sample, the checker's messages, the parser."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.elysion import catalog as cat
from referee.games.elysion import expr
from referee.model.errors import InputError

NAMES = ["coin", "gate", "fleece", "amphora", "lotus", "sky", "sea", "realms", "blessings"]
HEAD = '[catalog]\nname = "Test"\nfactions = ["sky", "sea"]\n'


def value(text: str, **env: int) -> int:
    return expr.evaluate(expr.parse(text, NAMES), env)


# -- the scoring language ------------------------------------------------------------------


def test_flat_glory_and_glory_per_icon():
    assert value("3") == 3
    assert value("2 per lotus", lotus=3) == 6
    assert value("2 * lotus", lotus=3) == 6


def test_glory_per_faction_and_per_card():
    assert value("1 per sky + 1 per sea", sky=2, sea=3) == 5
    assert value("1 per realms", realms=7) == 7


def test_complete_sets_of_named_icons():
    # sets of lotus + amphora + fleece: min(3, 2, 4) = 2, worth 5 each
    assert value("5 * sets(lotus, amphora, fleece)", lotus=3, amphora=2, fleece=4) == 10


def test_conditional_glory():
    assert value("if(gate >= 2, 6)", gate=1) == 0
    assert value("if(gate >= 2, 6)", gate=2) == 6
    assert value("if(coin >= 3, 8, 2)", coin=0) == 2
    assert value("6 * (sky >= 3 and lotus >= 1)", sky=3, lotus=1) == 6
    assert value("not gate or lotus == 2", gate=1, lotus=2) == 1


def test_precedence_sums_min_max_and_minus():
    assert value("2 + 3 * 2") == 8
    assert value("(2 + 3) * 2") == 10
    assert value("min(3 per amphora, 9)", amphora=5) == 9
    assert value("max(2 per coin, 1 per realms)", coin=1, realms=4) == 4
    assert value("-lotus + 5", lotus=2) == 3


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "empty"),
        ("2 per lotos", "did you mean 'lotus'"),
        ("eval(1)", "unknown function"),
        ("2 lotus", "after a complete rule"),
        ("(2 + 3", "expected ')'"),
        ("1 < gate < 3", "do not chain"),
        ("sets(lotus + 1, gate)", "sets() takes names"),
        ("if(gate)", "takes 2 to 3 arguments"),
        ("sets", "is a function"),
        ("2 + ", "ends too early"),
        ("2 ; 3", "unexpected character ';'"),
        ("__import__('os')", "unexpected character"),
        ("(" * 60 + "1" + ")" * 60, "nested too deeply"),
        ("1 + " * 200 + "1", "at most"),
    ],
)
def test_bad_rules_are_refused_with_a_reason(text, words):
    with pytest.raises(expr.ExprError, match=words.replace("(", r"\(").replace(")", r"\)")):
        expr.parse(text, NAMES)


def test_error_column_points_at_the_problem():
    with pytest.raises(expr.ExprError) as info:
        expr.parse("2 per lotos", NAMES)
    assert info.value.column == 7


def test_names_used_lists_what_a_rule_reads():
    assert expr.names_used(expr.parse("if(gate >= 2, 2 per lotus + gate)", NAMES)) == [
        "gate",
        "lotus",
    ]


@settings(max_examples=300, deadline=None)
@given(
    st.text(
        alphabet=st.sampled_from(list("0123456789 +-*(),<>=!abcdefghilmnoprstuxy_ ")), max_size=60
    )
)
def test_fuzz_any_text_parses_or_gives_a_clear_error(text):
    try:
        node = expr.parse(text, NAMES)
    except expr.ExprError as exc:
        assert exc.message and exc.column >= 1
        return
    assert isinstance(expr.evaluate(node, dict.fromkeys(NAMES, 2)), int)


def _rules():
    leaf = st.one_of(st.integers(0, 20).map(str), st.sampled_from(NAMES))

    def extend(inner):
        return st.one_of(
            st.tuples(inner, st.sampled_from(["+", "-", "*", "per", ">=", "and", "or"]), inner).map(
                lambda t: f"({t[0]} {t[1]} {t[2]})"
            ),
            st.tuples(inner, inner).map(lambda t: f"if({t[0]}, {t[1]})"),
            st.tuples(inner, inner).map(lambda t: f"min({t[0]}, {t[1]})"),
            inner.map(lambda t: f"(not {t})"),
        )

    return st.recursive(leaf, extend, max_leaves=12)


@settings(max_examples=200, deadline=None)
@given(_rules(), st.dictionaries(st.sampled_from(NAMES), st.integers(0, 9)))
def test_fuzz_well_formed_rules_always_evaluate(text, env):
    assert isinstance(expr.evaluate(expr.parse(text, NAMES), env), int)


# -- the sample catalog ----------------------------------------------------------------------


def test_sample_catalog_is_labelled_invented_and_sound():
    text = cat.sample_text()
    assert "INVENTED FOR PRACTICE" in text and "NOT the printed" in text
    assert cat.check(text) == []
    sample = cat.get(None)
    assert "Invented for practice" in sample.note


def test_sample_catalog_exercises_every_feature():
    sample = cat.get(None)
    realms = [c for c in sample.realms.values() if not c.star]
    stars = [c for c in sample.realms.values() if c.star]
    assert len(realms) == 68 and len(stars) == 15
    assert len(sample.blessings) >= 20 and len(sample.shades) >= 8
    rules = " ".join(c.score_text for c in sample.realms.values())
    for word in ("per", "sets(", "if(", "min(", "max(", "+", "and", "factions", "blessings"):
        assert word in rules, word
    for icon in cat.ICONS:
        assert any(c.icon(icon) for c in realms), icon
        assert f"per {icon}" in rules or f"{icon} >=" in rules or f"{icon})" in rules, icon
    assert any(c.offering for c in realms) and any(c.offering for c in stars)
    needs = {c.needs_text for c in stars if c.needs_text}
    assert {"faction_max >= 4", "coin >= 5", "gate >= 5"} <= needs
    assert {c.give_up for c in stars} >= {1, 2}
    assert all(s.goal is not None for s in sample.shades.values())


# -- the checker ---------------------------------------------------------------------------------


def test_checker_reports_unknown_icons_with_their_line():
    text = HEAD + '[[realm]]\nnumber = 1\nfaction = "sky"\nicons = { coins = 1 }\n'
    problems = cat.check(text)
    assert [(p.line, "unknown icon 'coins'" in p.message) for p in problems] == [(7, True)]


def test_checker_reports_bad_expressions_with_their_line():
    text = HEAD + '[[realm]]\nnumber = 1\nfaction = "sky"\n\nscore = "2 per lotos"\n'
    [problem] = cat.check(text)
    assert problem.line == 8
    assert (
        "score rule '2 per lotos'" in problem.message and "did you mean 'lotus'" in problem.message
    )
    assert str(problem).startswith("line 8: realm 1:")


def test_checker_reports_duplicate_numbers_and_names():
    text = (
        HEAD + '[[realm]]\nnumber = 4\nfaction = "sky"\n[[realm]]\nnumber = 4\nfaction = "sea"\n'
        '[[blessing]]\nname = "Nectar"\n[[blessing]]\nname = "nectar"\n'
    )
    problems = cat.check(text)
    assert [(p.line, p.message) for p in problems] == [
        (8, "realm 2: duplicate number 4 (the realm at line 4 has it)"),
        (13, "blessing 2: duplicate name 'nectar' (the blessing at line 10 has it)"),
    ]


def test_checker_reports_every_problem_of_a_duplicate_card_too():
    # Catalog check lists every problem of every card: the second realm 4 repeats a number,
    # and its faction and score rule are bad as well; realm 5 has a bad faction of its own.
    text = (
        HEAD + '[[realm]]\nnumber = 4\nfaction = "sky"\n'
        '[[realm]]\nnumber = 4\nfaction = "lava"\nscore = "2 per"\n'
        '[[realm]]\nnumber = 5\nfaction = "mud"\n'
    )
    problems = [(p.line, p.message) for p in cat.check(text)]
    assert problems[0] == (8, "realm 2: duplicate number 4 (the realm at line 4 has it)")
    assert [line for line, _ in problems] == [8, 9, 10, 13]
    assert "faction 'lava' is not one of" in problems[1][1]
    assert "score rule '2 per'" in problems[2][1]
    assert "faction 'mud' is not one of" in problems[3][1]


def test_checker_reports_every_problem_at_once():
    text = (
        HEAD + '[[realm]]\nnumber = 1\nfaction = "moon"\noffering = { coin = 1 }\n'
        'glory = "3"\n[[constellation]]\nnumber = 9\nfaction = "sky"\n'
        '[[shade]]\nname = "Ghost"\nscore = "1"\n[[oops]]\nx = 1\n'
    )
    messages = [str(p) for p in cat.check(text)]
    assert len(messages) == 6
    joined = "\n".join(messages)
    for words in (
        "line 6: realm 1: faction 'moon'",
        "line 7: realm 1: offering: unknown resource 'coin'",
        "line 8: realm 1: unknown key 'glory'",
        "there is no realm 9",
        "a Shade needs a goal",
        "unknown table [oops]",
    ):
        assert words in joined, words


def test_checker_reports_toml_syntax_errors_with_their_line():
    [problem] = cat.check(HEAD + "[[realm]\nnumber = 1\n")
    assert problem.line == 4 and "not valid TOML" in problem.message


def test_checker_needs_factions_and_a_realm():
    messages = " ".join(str(p) for p in cat.check('[catalog]\nname = "x"\n'))
    assert "factions" in messages and "at least one [[realm]]" in messages


def test_loading_a_bad_catalog_is_an_input_error_listing_problems():
    with pytest.raises(InputError, match="1 problem"):
        cat.load(HEAD + '[[realm]]\nnumber = 1\nfaction = "sky"\nscore = "2 +"\n')


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=200))
def test_fuzz_checker_never_crashes(text):
    problems = cat.check(HEAD + text)
    assert all(p.line >= 1 and p.message for p in problems)


def test_realm_references():
    assert cat.realm_key(" 12 ") == "12" and cat.realm_key("07*") == "7*"
    for bad in ("12**", "x", "", True, None, "-3"):
        with pytest.raises(InputError):
            cat.realm_key(bad)


def test_a_shade_has_no_offering():
    text = HEAD + '[[realm]]\nnumber = 1\nfaction = "sky"\n[[shade]]\nname = "Ghost"\n'
    text += 'goal = "coin >= 1"\noffering = { lotus = 1 }\n'
    [problem] = cat.check(text)
    assert problem.line == 10 and "unknown key 'offering'" in problem.message


def test_checker_names_a_realm_by_its_number_in_every_problem():
    # The 1st [[realm]] is realm 40: an unknown key is reported for "realm 40", as the faction is
    # (it used to say "realm 1" for the key and "realm 40" for the faction).
    text = HEAD + '[[realm]]\nnumber = 40\nfaction = "moon"\nglory = 3\n'
    assert [str(p) for p in cat.check(text)] == [
        "line 6: realm 40: faction 'moon' is not one of the catalog's factions (sky, sea)",
        "line 7: realm 40: unknown key 'glory' (keys: faction, icons, number, offering, score)",
    ]


def test_checker_refuses_card_names_that_are_verb_words():
    # `pass Ann` declines a Shade and `--give-up Ann:32*=none` keeps the Blessings: a card
    # called "Pass" or "None" could not be named there.
    text = HEAD + '[[realm]]\nnumber = 1\nfaction = "sky"\n'
    text += '[[blessing]]\nname = "None"\n[[shade]]\nname = " pass "\ngoal = "coin >= 1"\n'
    problems = [str(p) for p in cat.check(text)]
    assert len(problems) == 2 and all("not 'pass' or 'none'" in p for p in problems)
