"""`referee serve`: the table on every phone. A real server in a child process, its token, its
read-only routes, what its page and event stream may show, and the page in headless Chromium
at a phone's width, updated live by actions typed in another process."""

from __future__ import annotations

import hashlib
import html
import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from club import EXAMPLES, play
from serve_support import get, read_stream, referee, serving, why_no_browser

from referee.cli.serve import missing_parts
from referee.games.croa.web import tile_name
from referee.record import session
from referee.record.store import Store

CROA_LINES = [line for line in (EXAMPLES / "croa.txt").read_text(encoding="utf-8").splitlines()
              if line.strip() and not line.startswith("#")]
BOB_MOVE, ANN_WINS = "move g4:servant h3 -t r", "move g5 g4"
# a running digital game with dealt cards and a generated (sealed) seed
DIGITAL = "new --player Ann:red --player Bob:blue --digital --cards --deal\nmove a2 a3\n"


# the server itself needs the `serve` extra (the test extra installs it)
serve_needed = pytest.mark.skipif(bool(missing_parts()), reason=f"pip install '.[serve]' ({', '.join(missing_parts())} missing)")


def croa_before_the_end(db: Path) -> str:
    """The example game up to Bob's last move (Ann wins two moves later)."""
    cut = CROA_LINES.index(BOB_MOVE)
    return play(db, "croa", "\n".join(CROA_LINES[:cut]))


def files_digest(db: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(db.parent.glob(db.name + "*")):
        if path.name.endswith("-shm") or not path.stat().st_size:  # a reader opens SQLite's
            continue  # shared-memory index and an empty write-ahead log: no content
        digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()


@serve_needed
def test_the_address_needs_its_token(tmp_path):
    db = tmp_path / "r.db"
    croa_before_the_end(db)
    with serving(db) as served:
        token = served.url.rstrip("/").rsplit("/", 1)[1]
        assert len(token) >= 22  # token_urlsafe: at least 128 bits
        assert "127.0.0.1" in served.url and "--host 0.0.0.0" in "".join(served.printed)
        # no QR code for an address no phone can reach (the pty tests: what stays on screen)
        assert not any(mark in "".join(served.printed) for mark in "▀▄█")
        status, body, headers = get(served.url)
        assert status == 200 and "Crôa!" in body
        assert "default-src 'none'" in headers["content-security-policy"]
        for bad in ("/", f"/{token[:-1]}/", f"/{token}x/", f"/{'A' * len(token)}/",
                    f"/{'A' * len(token)}/events?k=current", f"/{token[:-1]}/all"):
            code, text, _ = get(served.origin + bad)
            assert code == 403, bad
            assert "Crôa!" not in text
        assert get(served.url + "all")[0] == 200


@serve_needed
def test_nothing_can_be_written_through_the_server(tmp_path):
    db = tmp_path / "r.db"
    sid = croa_before_the_end(db)
    before, count = files_digest(db), len(Store(db).actions(sid))
    with serving(db) as served:
        assert get(served.url)[0] == 200
        for method in ("POST", "PUT", "DELETE", "PATCH"):
            for path in ("", "events?k=current", "all", f"s/{sid}", "undo"):
                code, _, headers = get(served.url + path, method=method)
                assert code == 405, (method, path)
                assert headers["allow"] == "GET, HEAD"
        assert get(served.url + "undo")[0] == 404
    assert files_digest(db) == before
    assert len(Store(db).actions(sid)) == count


@serve_needed
def test_page_and_stream_show_no_unrevealed_tile_no_hand_and_no_seed(tmp_path):
    db = tmp_path / "r.db"
    sid = play(db, "croa", DIGITAL)
    store = Store(db)
    meta = store.session(sid)
    assert not meta["seed_public"]
    loaded = session.load(store, sid)
    state = loaded.state
    hidden = [sq for sq in (f"{f}{r}" for f in "abcdefgh" for r in range(1, 9)) if sq not in state["tiles"]]
    assert list(state["tiles"]) == ["a3"] and len(hidden) == 63  # what a3 holds was drawn from the seed
    hands = {card for col in state["colonies"] for card in col["hand"]}
    with serving(db) as served:
        _, page, _ = get(served.url)
        stream = read_stream(served.url + "events?k=current", lambda t: "event: table" in t and t.endswith("\n\n"))
    pushed = json.loads(re.search(r"^data: (.*)$", stream, re.M).group(1))["html"]
    for text in (page, pushed):
        assert meta["seed"] not in text
        titles = dict(re.findall(r"<title>([a-h][1-8]): ([^<]*)</title>", html.unescape(text).replace("&#x27;", "'")))
        assert len(titles) == 64
        for sq in hidden:  # a face-down square shows nothing but the frogs on it
            assert titles[sq].startswith("face down"), (sq, titles[sq])
        assert titles["a3"].startswith(tile_name(state["tiles"]["a3"]))
        # dealt hands: only how many. A window for an answer (a thunderclap after a lily pad)
        # asks every colony holding a card, whichever cards it holds, so the pending line
        # tells nobody who holds one; no other card of a hand is named
        holding = {col["name"] for col in state["colonies"] if col["hand"]}
        asked = {p["decision"].replace("-", "_") for p in state["pending"]} & {"thunderclap", "doesnt_work"}
        for card in asked:
            assert {p["player"] for p in state["pending"] if p["decision"] == card} == holding
        for card in hands - asked:
            assert card not in text and card.replace("_", " ") not in text.casefold()
        for zone, pile in state["piles"].items():  # the piles: how many tiles, never which
            assert f"{zone}: {sum(pile.values())}" in text
            assert not re.search(r"\b(Ly|Mq|Md|Pk|Rd|Lg):\d", text)


def test_serve_without_the_extra_names_what_to_install(tmp_path):
    code = ("import sys\nfor m in ('starlette', 'uvicorn', 'segno'):\n    sys.modules[m] = None\n"
            f"from referee.cli import main\nmain(['--db', {str(tmp_path / 'r.db')!r}, 'serve'])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 3
    assert "pip install 'referee[serve]'" in done.stderr and "Traceback" not in done.stderr + done.stdout


@serve_needed
def test_serve_refuses_an_unknown_session_and_a_qr_file_of_another_kind(tmp_path):
    db = tmp_path / "r.db"
    croa_before_the_end(db)
    done = referee(db, "serve", "--session", "croa-9", "--port", "0", check=False)
    assert done.returncode == 3 and "croa-9" in done.stderr and "Traceback" not in done.stderr
    done = referee(db, "serve", "--qr", str(tmp_path / "qr.gif"), "--port", "0", check=False)
    assert done.returncode == 2 and "FILE.svg or FILE.png" in done.stderr
    assert not (tmp_path / "qr.gif").exists()


@serve_needed
def test_qr_file_holds_the_address_as_svg_or_png(tmp_path):
    db = tmp_path / "r.db"
    sid = croa_before_the_end(db)
    for name in ("qr.svg", "qr.png"):
        with serving(db, "--session", sid, "--qr", str(tmp_path / name)) as served:
            assert f"QR code written to {tmp_path / name}" in "".join(served.printed)
    assert (tmp_path / "qr.svg").read_text(encoding="utf-8").startswith("<svg")
    assert (tmp_path / "qr.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# Ctrl-C at the worst moment: while the event loop is being built, before the server has taken
# over its signals (a test stopping the server as soon as the banner is out once met it on a
# loaded machine: "Exception ignored ... Traceback" and a coroutine never awaited)
CTRL_C_AS_THE_LOOP_IS_BUILT = """
import asyncio, os, signal, sys
import uvicorn
from referee.cli import main

def factory(self):
    def build():
        os.kill(os.getpid(), signal.SIGINT)
        return asyncio.new_event_loop()
    return build

uvicorn.Config.get_loop_factory = factory
sys.argv = ["referee", *sys.argv[1:]]
main()
"""


@serve_needed
def test_ctrl_c_while_the_server_starts_stops_it_cleanly(tmp_path):
    db = tmp_path / "r.db"
    croa_before_the_end(db)
    done = subprocess.run([sys.executable, "-c", CTRL_C_AS_THE_LOOP_IS_BUILT, "--db", str(db), "serve",
                           "--port", "0"], capture_output=True, text=True, timeout=60, check=False)
    said = done.stdout + done.stderr
    assert "Ctrl-C stops." in done.stdout, said
    assert done.returncode == 0 and "Traceback" not in said and "never awaited" not in said, said


@serve_needed
def test_a_fixed_session_serves_that_table_only(tmp_path):
    db = tmp_path / "r.db"
    first = croa_before_the_end(db)
    play(db, "croa", DIGITAL)  # a newer table: the current one
    with serving(db, "--session", first) as served:
        _, page, _ = get(served.url)
        assert f"Crôa! · {first}" in page and "croa-2" not in page
        assert get(served.url + "all")[0] == 404 and get(served.url + "s/croa-2")[0] == 404
        assert get(served.url + "events?k=current")[0] == 404
    with serving(db) as served:  # without: the table most recently played at, and the chooser
        assert "croa-2" in get(served.url)[1]
        chooser = get(served.url + "all")[1]
        assert f"s/{first}" in chooser and "s/croa-2" in chooser


# -- in headless Chromium, at a phone's width --------------------------------------------------

browser_needed = pytest.mark.skipif(why_no_browser() is not None or bool(missing_parts()),
                                    reason=str(why_no_browser() or "pip install '.[serve]'"))


def phone(browser, scheme: str = "light"):
    page = browser.new_page(viewport={"width": 390, "height": 844}, color_scheme=scheme)
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    return page, problems


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.evaluate("document.body.scrollWidth") <= 390


@browser_needed
def test_phone_page_holds_the_table_at_390_pixels(tmp_path, browser):
    from playwright.sync_api import expect

    db = tmp_path / "r.db"
    croa_before_the_end(db)
    kleos = play(db, "kleos", "\n".join((EXAMPLES / "kleos.txt").read_text(encoding="utf-8").splitlines()[:62]))
    lines = (EXAMPLES / "elysion.txt").read_text(encoding="utf-8").splitlines()
    elysion = play(db, "elysion", "\n".join(lines[:len(lines) * 2 // 3]))  # a text board: its tables
    with serving(db) as served:
        for path, must in (("s/croa-1", ["Crôa! · croa-1", "Bob to play", "The table", "Last actions",
                                         "Tiles still face down"]),
                           (f"s/{kleos}", ["Kleos · kleos-1", "Bob to play", "Port", "The Isles", "Glory",
                                           "Last actions"]),
                           (f"s/{elysion}", ["Elysion · elysion-1", "Journeys", "Blessings kept", "Last actions"])):
            for scheme in ("light", "dark"):
                page, problems = phone(browser, scheme)
                page.goto(served.url + path)
                expect(page.locator("#live.on")).to_be_visible(timeout=15_000)
                text = page.locator("main").inner_text()
                for words in must:
                    assert words in text, (path, words)
                no_sideways_scroll(page)
                if "elysion" in path:
                    assert page.locator("table.text").count() >= 3
                shot = tmp_path / f"{path.replace('/', '-')}-{scheme}.png"
                page.screenshot(path=str(shot), full_page=True)
                assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 20_000
                assert problems == []  # no CSP violation, no script error
                page.close()


@browser_needed
def test_page_updates_itself_after_actions_typed_in_another_process_up_to_the_end(tmp_path, browser):
    from playwright.sync_api import expect

    db = tmp_path / "r.db"
    croa_before_the_end(db)
    with serving(db) as served:
        page, problems = phone(browser)
        page.goto(served.url)
        main = page.locator("main")
        expect(page.locator("#live.on")).to_be_visible(timeout=15_000)
        expect(main).to_contain_text("Bob to play")
        referee(db, "croa", *BOB_MOVE.split())  # another terminal
        expect(main).to_contain_text("Bob's servant g4 -> h3", timeout=10_000)
        expect(main).to_contain_text("Ann to play")
        referee(db, "croa", *ANN_WINS.split())
        expect(page.locator(".over")).to_contain_text("Game over · winner: Ann", timeout=10_000)
        text = main.inner_text()
        assert "Final scores" in text and "Ann ★" in text and "Only Ann's queen is left: Ann wins!" in text
        no_sideways_scroll(page)
        page.screenshot(path=str(tmp_path / "over.png"), full_page=True)
        assert problems == []
        started = time.monotonic()
    # the page was still open: Ctrl-C ended its stream and stopped the server at once
    assert time.monotonic() - started < 5
    page.close()


@serve_needed
def test_page_speaks_french_to_a_french_table(tmp_path, monkeypatch):
    """Issue 27: the page, its status words, the pond's labels, the banner and the refusals in
    the table's language; the script (and so its hash in the CSP) is the English page's."""
    from referee.cli.web import page as web_page

    db = tmp_path / "r.db"
    croa_before_the_end(db)
    monkeypatch.setenv("REFEREE_LANG", "fr")
    with serving(db) as served:
        printed = "".join(served.printed)
        status, body, headers = get(served.url)
        forbidden = get(served.origin + "/nope/")[1]
        refused = get(served.url, method="POST")[1]
        missing = get(served.url + "s/croa-9x!")[1]
    assert "en lecture seule" in printed and "Ctrl-C arrête." in printed
    assert status == 200 and '<html lang="fr">' in body
    assert headers["content-security-policy"] == web_page.CSP
    text = html.unescape(body)
    for words in ("la table en direct", 'data-live="en direct"', 'data-reconnecting="reconnexion"',
                  "à Bob de jouer", "La table", "Dernières actions", "Tuiles encore face cachée, par zone",
                  "<th>colonie</th><th>état</th>", "face cachée", "rouge", "attend"):
        assert words in text, words
    said = re.sub(r"<[^>]+>", "\n", re.sub(r"<(script|style)\b.*?</\1>", "", text, flags=re.S))
    for english in ("to play", "The table", "Last actions", "face down", "live table", "connecting",
                    "Tiles still", "waiting"):
        assert english not in said, english
    assert forbidden.startswith("Interdit") and refused.startswith("Lecture seule")
    assert missing == "Pas de telle table ici."
