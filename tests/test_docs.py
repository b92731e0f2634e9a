"""Generated docs stay in sync, every command is documented, and start-up stays light."""

import json
import os
import subprocess
import sys
from pathlib import Path

from cli_tree import shipped

from referee.cli import GAME_NAMES

ROOT = Path(__file__).parent.parent


def shipped_pages() -> dict[str, str]:
    """The pages as people get them: made in a process where no test game is registered
    (a test game would show in every `--game` choice)."""
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_TEST_GAMES"}
    code = "import json; from referee.cli.manpages import pages; print(json.dumps(pages()))"
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_man_pages_match_the_click_tree():
    # regenerate with: python -m referee.cli.manpages man
    for name, text in shipped_pages().items():
        committed = ROOT / "man" / name
        assert committed.exists(), f"man/{name} is missing"
        assert committed.read_text(encoding="utf-8") == text, f"man/{name} is stale: run python -m referee.cli.manpages man"


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


def test_every_action_verb_accepts_dry_run():
    # views, calculators and the card library record nothing, so they need no --dry-run
    views = {"kleos card add", "kleos card export", "kleos card list", "kleos card remove", "kleos combat", "kleos ledger", "kleos odds",
             "kreus outcome", "kreus paths", "kreus tree", "cerebria unseen",
             "cerebria vibes", "cerebria winner", "croa cards", "croa hand", "croa odds", "croa pond",
             "elysion blessings", "elysion catalog check", "elysion catalog show",
             *(f"{game} {view}" for game in GAME_NAMES for view in ("hint", "rules", "status"))}
    without = {" ".join(path) for path, cmd in shipped().items() if path[0] in GAME_NAMES
               and "--dry-run" not in {o for p in cmd.params for o in getattr(p, "opts", [])}}
    assert without == views


def test_no_file_points_outside_the_repository():
    """A user's clone holds nothing beside it: the rulings and the house rules are in docs/."""
    root = Path(__file__).resolve().parent.parent
    pattern = r"\.\./shared|RULINGS\.md|STYLE\.md|spec/cli\.md|games\.md"
    found = subprocess.run(["git", "grep", "-nE", pattern, "--", ".", ":!tests/test_docs.py"],
                           cwd=root, capture_output=True, text=True).stdout
    assert found == ""
