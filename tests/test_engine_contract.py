"""A smaller engine contract (issue 39, item 4): the optional hooks come in groups a game opts in
to as a whole (docs/engine.md, step 3c), and the page that says so draws the layers' doors as
the imports are.

- an engine class that writes a grouped hook itself is refused, naming the group (the hook would
  go unheard), and so is a `private` field with no hidden information to hide it;
- every registered game's groups are the group classes, each bound to its own engine;
- docs/engine.md documents every group, each of its hooks, and only games that use it;
- the arrows docs/engine.md draws between layers are the imports tests/test_imports.py finds.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import test_imports

from referee.model import engine as core
from referee.model import registry
from referee.model.engine import GROUPS, Engine, HiddenInfo, Screens
from referee.model.verbs import Field, Verb, declare

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "engine.md"
BASES = {"hidden": core.HiddenInfo, "cards": core.CardLibrary, "hints": core.Hints,
         "screens": core.Screens, "results": core.Results, "lexicon": core.Lexicon}


def test_the_groups_are_the_six_the_page_names():
    assert tuple(BASES) == GROUPS


@pytest.mark.parametrize("name, group", [("secrets", "HiddenInfo"), ("vocabulary", "Lexicon"),
                                         ("render_compact", "Screens"), ("library_kind", "CardLibrary")])
def test_a_hook_written_on_the_engine_is_refused_with_its_group(name: str, group: str):
    with pytest.raises(TypeError, match=rf"Flat\.{name}: `{name}` belongs to the {group} group"):
        type("Flat", (Engine,), {name: lambda self, state: []})


def test_a_private_field_without_hidden_information_is_refused():
    verbs = declare(Verb("keep", lambda s, a, c: [], who="anyone", actor="player",
                         fields=(Field("player", "who", kind="player"),
                                 Field("card", "the card kept", private=True))))
    with pytest.raises(TypeError, match="a `private` field needs hidden information"):
        type("Unhidden", (Engine,), {"verbs": verbs})
    type("Hidden", (Engine,), {"verbs": verbs, "hidden": HiddenInfo()})  # declared: accepted


def test_a_group_default_asks_its_own_engine():
    """Two engines of one class each get their own copy of the class's group: a default that
    asks the engine (the compact screen is `render`) asks the right one, even when the game's
    `__init__` does not call the core's."""

    class Board(Engine):
        screens = Screens()

        def __init__(self, word: str) -> None:
            self.word = word

        def render(self, state: object) -> str:
            return self.word

    one, two = Board("one"), Board("two")
    assert (one.screens.compact({}), two.screens.compact({})) == ("one", "two")
    assert Board.screens is not one.screens and one.screens.engine is one


@pytest.mark.parametrize("game", registry.names())
def test_every_game_declares_its_groups_bound_to_its_engine(game: str):
    engine = registry.engine(game)
    for name, base in BASES.items():
        group = getattr(engine, name)
        if group is None:
            assert name in ("hidden", "cards"), f"{game}: `{name}` is always there (its defaults)"
            continue
        assert isinstance(group, base) and group.engine is engine, (game, name)
    flat = sorted(n for n in vars(type(engine)) if n in core.GROUPED)
    assert flat == [], f"{game} writes grouped hooks on its engine: {flat}"


def test_no_caller_asks_an_engine_for_a_hook_by_its_flat_name():
    """The core, the games and the tests reach a hook through its group (`engine.hints.note`),
    never by a name the engine no longer has."""
    flat = re.compile(r"\b(?:engine|ENGINE|E|self)\.(" + "|".join(sorted(core.GROUPED)) + r")\(")
    found = [f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
             for folder in ("referee", "tests") for p in sorted((ROOT / folder).rglob("*.py"))
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if flat.search(line) and "class " not in line]
    # inside a group, `self.` is the group: its own hooks
    found = [f for f in found if "self." not in f]
    assert found == []


def _sections() -> dict[str, str]:
    """docs/engine.md's step 3c, by group attribute: the text of its `### `attr`: `Class`` part."""
    text = DOC.read_text(encoding="utf-8")
    step = text[text.index("## Step 3c."):text.index("## Step 4.")]
    parts = re.split(r"^### `(\w+)`: `(\w+)`.*$", step, flags=re.M)
    return {parts[i]: f"{parts[i + 1]}\n{parts[i + 2]}" for i in range(1, len(parts), 3)}


def test_the_page_documents_every_group_and_each_of_its_hooks():
    sections = _sections()
    assert sorted(sections) == sorted(GROUPS)
    for name, base in BASES.items():
        assert sections[name].startswith(base.__name__ + "\n"), name
        hooks = [h for h in (*vars(base), *base.__annotations__) if not h.startswith("_")]
        missing = [h for h in hooks if f"`{h}" not in sections[name]]
        assert missing == [], f"docs/engine.md's {name} section does not name {missing}"


def test_the_page_names_only_games_that_use_a_group():
    """Each game a group's "Used by" line names declares that group and the hooks said beside it
    (a new game may be missing from the line: it is the page's example, not a register)."""
    titles = {registry.engine(g).title: registry.engine(g) for g in registry.names()}
    for name, text in _sections().items():
        used = " ".join(re.search(r"^Used by: (.*?)(?:\n\n|\Z)", text, re.M | re.S).group(1).split())
        named = [t for t in titles if t in used]
        assert named, name
        for title in named:
            group = getattr(titles[title], name)
            assert group is not None and type(group) is not BASES[name], f"{title} does not declare {name}"
            said = re.search(re.escape(title) + r" \(([^)]*)\)", used)
            for hook in re.findall(r"`(\w+)`", said.group(1)) if said else ():
                assert hook in vars(type(group)), f"{title}'s {name} does not write {hook}"


def _drawn() -> dict[str, set[str]]:
    """The arrows docs/engine.md draws: layer -> the layers it imports."""
    text = DOC.read_text(encoding="utf-8")
    out: dict[str, set[str]] = {}
    for layer, arrows in re.findall(r"^referee/(\w+)/\S*\s.*->\s*(.*)$", text, re.M):
        out[layer] = {a.strip() for a in arrows.split(",") if a.strip() and a.strip() != "(none)"}
    return out


def test_the_layer_arrows_the_page_draws_are_the_imports():
    found: dict[str, set[str]] = {}
    layers = {f"referee.{name}" for name in ("cli", "after", "record", "games", "model", "scorers")}

    def layer(module: str) -> str | None:
        if module in test_imports.FOUNDATION:  # the ground every layer stands on
            return None
        return next((p.removeprefix("referee.") for p in layers if module == p or module.startswith(p + ".")), None)

    for module, targets in test_imports.graph().items():
        here = layer(module)
        for target in targets:
            there = layer(target)
            if here and there and here != there:
                found.setdefault(here, set()).add(there)
    drawn = _drawn()
    assert sorted(drawn) == sorted(p.removeprefix("referee.") for p in layers)
    assert {k: v for k, v in drawn.items() if v} == found
