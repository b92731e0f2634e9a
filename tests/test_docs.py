"""Generated docs stay in sync, every command is documented, and start-up stays light."""

import os
import subprocess
import sys
from pathlib import Path

from cli_tree import shipped

from referee.cli import GAME_NAMES

ROOT = Path(__file__).parent.parent


def written_pages(folder: Path) -> dict[str, str]:
    """The pages as a package gets them: written by `python -m referee.cli.manpages FOLDER` in a
    process where no test game is registered (a test game would show in every `--game` choice)."""
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_TEST_GAMES"}
    subprocess.run([sys.executable, "-m", "referee.cli.manpages", str(folder)], env=env, capture_output=True,
                   check=True)
    return {p.relative_to(folder).as_posix(): p.read_text(encoding="utf-8") for p in folder.rglob("*.1")}


def _sections(page: str) -> set[str]:
    """The commands a page documents (its `.SS` headings), as typed."""
    return {line[4:].replace("\\-", "-") for line in page.splitlines() if line.startswith(".SS ")}


def test_man_pages_are_written_from_the_click_tree_one_for_each_game(tmp_path):
    """A game's page is drawn from its declaration (`python -m referee.cli.manpages DIR`, and
    `referee manual GAME` when read), so a new game writes no page by hand. Each shipped game
    gets one, documenting each of its commands and options; the root's names every game."""
    from referee.model import registry

    pages = written_pages(tmp_path)
    shipped_games = registry.shipped()
    assert set(pages) == {"referee.1", "fr/referee-croa.1", *(f"referee-{g}.1" for g in shipped_games)}
    for path, cmd in shipped().items():
        if path[0] not in shipped_games and path[0] in GAME_NAMES:
            continue  # a test game: no page
        page = pages[f"referee-{path[0]}.1" if path[0] in GAME_NAMES else "referee.1"]
        assert " ".join(("referee", *path)) in _sections(page), f"referee {' '.join(path)} has no section"
        for param in cmd.params:
            for opt in getattr(param, "opts", []):
                if opt.startswith("-"):
                    assert opt.replace("-", "\\-") in page, f"referee {' '.join(path)} {opt} is not in its page"
    root = pages["referee.1"]
    for game in shipped_games:
        assert f"\\fBreferee {game}\\fR" in root and f"\\fBreferee\\-{game}\\fR(1)" in root
    assert not any(f"referee {g}" in root for g in GAME_NAMES if g not in shipped_games)


def test_the_committed_pages_are_the_ones_written_from_the_click_tree(tmp_path):
    """`man/` holds the pages a package installs, written by one command, never by hand
    (regenerate with: python -m referee.cli.manpages man)."""
    written = written_pages(tmp_path)
    committed = {p.relative_to(ROOT / "man").as_posix() for p in (ROOT / "man").rglob("*.1")}
    assert committed == set(written), "man/ holds other pages: run python -m referee.cli.manpages man"
    for name, text in written.items():
        assert (ROOT / "man" / name).read_text(encoding="utf-8") == text, \
            f"man/{name} is stale: run python -m referee.cli.manpages man"


def test_every_command_has_help_text():
    missing = [" ".join(path) for path, cmd in shipped().items() if not (cmd.help or cmd.short_help)]
    assert missing == []


def test_every_game_verb_of_games_md_exists():
    spec = {
        "kleos": "new card isle deploy next play attach move oa pass attack recruit kill glory favor status odds combat",
        "kreus": "new tokens titan show-card exchange retrieve discard ready reveal power next tree paths end outcome status",
        "cerebria": "new mulligan impulse invoke ability cancel end-turn next-cycle vibes winner status",
        "croa": "new move bounce mosquito pass remove pond status",
        "elysion": "new reveal take shade next lookback catalog blessings status",
    }
    have = {}
    for path in shipped():
        have.setdefault(path[0], set()).add(path[1] if len(path) > 1 else "")
    for game, verbs in spec.items():
        assert set(verbs.split()) <= have[game], f"{game} lacks {set(verbs.split()) - have[game]}"


def test_root_command_imports_only_click():
    code = ("import sys, referee.cli; "
            "heavy = [m for m in ('prompt_toolkit', 'tabulate', 'sqlite3', 'referee.games', 'referee.record.store', 'json',"
            " 'starlette', 'uvicorn', 'segno', 'referee.cli.web')"
            " if m in sys.modules]; print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_help_does_not_load_games_or_the_store():
    code = ("import sys\nfrom referee.cli import cli\n"
            "try:\n    cli.main(['--help'], standalone_mode=False)\nexcept SystemExit:\n    pass\n"
            "print([m for m in sys.modules if m.startswith(('referee.games', 'referee.record.store', 'prompt_toolkit', 'tabulate',"
            " 'starlette', 'uvicorn', 'segno', 'referee.cli.web', 'referee.cli.serve'))])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"


def test_cli_and_registry_list_the_same_games():
    from referee.model import registry

    assert tuple(registry.names()) == GAME_NAMES


def _not_actions(game: str) -> set[str]:
    """The commands of `game` that record nothing (its views, calculators and card library, as
    its declaration lists them beside the verbs, and the core's hint, rules and status)."""
    from referee.model import registry

    declared = {" ".join([game, *([c.group] if c.group else []), c.name])
                for c in registry.engine(game).commands if c.kind not in ("new", "group")}
    return declared | {f"{game} {view}" for view in ("hint", "rules", "status")}


def test_every_action_verb_accepts_dry_run():
    # views, calculators and the card library record nothing, so they need no --dry-run
    views = set().union(*(_not_actions(game) for game in GAME_NAMES))
    without = {" ".join(path) for path, cmd in shipped().items() if path[0] in GAME_NAMES
               and "--dry-run" not in {o for p in cmd.params for o in getattr(p, "opts", [])}}
    assert without - views == set()
    assert {"kleos ledger", "croa hand", "elysion catalog show", "pig status"} <= without  # the walk sees them


def test_no_file_points_outside_the_repository():
    """A user's clone holds nothing beside it: the rulings and the house rules are in docs/."""
    root = Path(__file__).resolve().parent.parent
    pattern = r"\.\./shared|RULINGS\.md|STYLE\.md|spec/cli\.md|games\.md"
    found = subprocess.run(["git", "grep", "-nE", pattern, "--", ".", ":!tests/test_docs.py"],
                           cwd=root, capture_output=True, text=True).stdout
    assert found == ""
