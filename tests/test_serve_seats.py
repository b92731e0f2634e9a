"""`referee serve --seats`: each seat its own screen. What a player alone holds (a hand the
referee dealt, the Blessings it drew for them) is shown on that player's page and nowhere else;
each page opens with its own token only; the pages follow actions typed in a terminal."""

from __future__ import annotations

import html
import json
import os
import re
import stat
from pathlib import Path

import pytest
from club import play
from serve_support import get, read_stream, referee, serving, why_no_browser

from referee.cli.serve import missing_parts
from referee.games.croa.cards import CARDS
from referee.record import session
from referee.record.store import Store

serve_needed = pytest.mark.skipif(bool(missing_parts()), reason=f"pip install '.[serve]' ({', '.join(missing_parts())} missing)")
browser_needed = pytest.mark.skipif(why_no_browser() is not None or bool(missing_parts()),
                                    reason=str(why_no_browser() or "pip install '.[serve]'"))

# seed 8 deals Ann and Bob hands with no card in common (checked below, from the store)
DEALT = "new --player Ann:red --player Bob:blue --digital --cards --deal --seed 8\n"
LINE = re.compile(r"^(\w+): (http://\S+/([\w-]+)/seat/(\w+))$", re.M)


def hands(db: Path, sid: str) -> dict[str, list[str]]:
    state = session.load(Store(db), sid).state
    return {col["name"]: list(col["hand"]) for col in state["colonies"]}


def titles(keys: list[str]) -> set[str]:
    return {CARDS[k]["title"] for k in keys}


def seat_links(printed: str) -> dict[str, tuple[str, str]]:
    """NAME -> (URL, token) from the `NAME: URL` lines."""
    out = {}
    for name, url, token, named in LINE.findall(printed):
        assert named == name
        out[name] = (url, token)
    return out


def visible(page_html: str) -> str:
    """The words of a page, without its style, script and tags."""
    text = re.sub(r"<(script|style)\b.*?</\1>", "", page_html, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "\n", text))


def mine(page_html: str) -> str:
    """The seat's own section of a page ("" on the table's)."""
    found = re.search(r'<section class="mine">.*?</section>', page_html, re.S)
    return html.unescape(found.group(0)) if found else ""


@serve_needed
def test_seats_prints_one_line_per_player_after_the_tables_address_each_with_its_own_token(tmp_path):
    db = tmp_path / "r.db"
    sid = play(db, "croa", DEALT)
    with serving(db, "--seats") as served:
        printed = "".join(served.printed)
    table_token = served.url.rstrip("/").rsplit("/", 1)[1]
    links = seat_links(printed)
    assert list(links) == ["Ann", "Bob"]  # seat order
    assert printed.index(served.url) < printed.index("Ann: http") < printed.index("Bob: http")
    assert f"Serving session {sid}" in printed
    tokens = [table_token] + [token for _url, token in links.values()]
    assert len(set(tokens)) == 3
    for token in tokens:  # secrets.token_urlsafe(24): 192 bits, 32 characters
        assert len(token) == 32 and re.fullmatch(r"[\w-]+", token)
    for name, (url, _token) in links.items():
        assert url.startswith(served.origin + "/") and url.endswith(f"/seat/{name}")


@serve_needed
def test_qr_dir_holds_the_tables_code_and_one_per_seat_owner_only(tmp_path):
    db = tmp_path / "r.db"
    play(db, "croa", DEALT)
    folder = tmp_path / "codes" / "night"  # made, with its parent: owner-only
    with serving(db, "--seats", "--qr", str(folder)) as served:
        printed = "".join(served.printed)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert sorted(p.name for p in folder.iterdir()) == ["Ann.png", "Bob.png", "table.png"]
    for name in ("table.png", "Ann.png", "Bob.png"):
        path = folder / name
        assert f"QR code written to {path}" in printed
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert len({(folder / n).read_bytes() for n in ("table.png", "Ann.png", "Bob.png")}) == 3
    # a folder that is there keeps its mode; a file already in it becomes owner-only
    kept = tmp_path / "shared"
    kept.mkdir(mode=0o755)
    kept.chmod(0o755)
    (kept / "Ann.png").write_bytes(b"old")
    (kept / "Ann.png").chmod(0o644)
    with serving(db, "--seats", "--qr", str(kept)):
        pass
    assert stat.S_IMODE(kept.stat().st_mode) == 0o755
    assert stat.S_IMODE((kept / "Ann.png").stat().st_mode) == 0o600
    assert (kept / "Ann.png").read_bytes()[:4] == b"\x89PNG"
    # without --seats, the one file holding the table's token is owner-only too
    with serving(db, "--qr", str(tmp_path / "table.svg")):
        pass
    assert stat.S_IMODE((tmp_path / "table.svg").stat().st_mode) == 0o600


@serve_needed
def test_qr_with_seats_names_a_folder_not_a_file(tmp_path):
    db = tmp_path / "r.db"
    play(db, "croa", DEALT)
    (tmp_path / "qr.png").write_bytes(b"x")
    done = referee(db, "serve", "--seats", "--qr", str(tmp_path / "qr.png"), "--port", "0", check=False)
    assert done.returncode == 2 and "with --seats, --qr names a folder" in done.stderr
    assert "Traceback" not in done.stderr


@serve_needed
def test_each_token_opens_its_own_pages_only(tmp_path):
    db = tmp_path / "r.db"
    play(db, "croa", DEALT)
    with serving(db, "--seats") as served:
        links = seat_links("".join(served.printed))
        (ann_url, ann), (bob_url, bob) = links["Ann"], links["Bob"]
        table = served.url.rstrip("/").rsplit("/", 1)[1]
        origin = served.origin
        assert get(ann_url)[0] == 200 and get(bob_url)[0] == 200
        forbidden = {
            "a wrong token": f"{origin}/{'A' * 32}/seat/Ann",
            "Ann's token cut short": f"{origin}/{ann[:-1]}/seat/Ann",
            "the table's token on Ann's page": f"{origin}/{table}/seat/Ann",
            "Ann's token on Bob's page": f"{origin}/{ann}/seat/Bob",
            "Bob's token on Ann's page": f"{origin}/{bob}/seat/Ann",
            "Ann's token on the table's page": f"{origin}/{ann}/",
            "Ann's token on the chooser": f"{origin}/{ann}/all",
            "Ann's token on a session's page": f"{origin}/{ann}/s/croa-1",
            "Ann's token on Bob's events": f"{origin}/{ann}/events?k=p:Bob",
            "Ann's token on the table's events": f"{origin}/{ann}/events?k=current",
            "the table's token on Ann's events": f"{origin}/{table}/events?k=p:Ann",
            "Ann's name cased otherwise": f"{origin}/{ann}/seat/ann",
        }
        for what, url in forbidden.items():
            code, body, _headers = get(url)
            assert code == 403, what
            assert "Crôa!" not in body and "Forbidden" in body, what
        assert get(ann_url, method="POST")[0] == 405
        stream = read_stream(f"{origin}/{ann}/events?k=p:Ann", lambda t: "event: table" in t and t.endswith("\n\n"))
        assert "Only for Ann" in stream


@serve_needed
def test_anns_page_shows_her_hand_and_no_other_page_does(tmp_path):
    db = tmp_path / "r.db"
    sid = play(db, "croa", DEALT)
    held = hands(db, sid)
    ann_only, bob_only = set(held["Ann"]) - set(held["Bob"]), set(held["Bob"]) - set(held["Ann"])
    assert ann_only and bob_only  # the seed deals them apart: the checks below can fail
    with serving(db, "--seats") as served:
        links = seat_links("".join(served.printed))
        pages = {name: get(url)[1] for name, (url, _token) in links.items()}
        pages["table"] = get(served.url)[1]
        ann_token = links["Ann"][1]
        stream = read_stream(f"{served.origin}/{ann_token}/events?k=p:Ann",
                             lambda t: "event: table" in t and t.endswith("\n\n"))
    pushed = json.loads(re.search(r"^data: (.*)$", stream, re.M).group(1))["html"]
    for text, own, other in ((pages["Ann"], ann_only, bob_only), (pushed, ann_only, bob_only),
                             (pages["Bob"], bob_only, ann_only)):
        section = mine(text)
        assert "Your hand: 3 cards" in section
        for title in titles(sorted(own)):
            assert title in section
        for key in other:  # the other colony's cards: neither their titles nor their names
            assert CARDS[key]["title"] not in visible(text) and key not in text
    assert "Only for Ann" in visible(pages["Ann"]) and "Only for Bob" not in visible(pages["Ann"])
    assert "Mating season!" in mine(pages["Ann"]) and "Playable now: from a1 to b2" in mine(pages["Ann"])
    for key in set(held["Ann"]) | set(held["Bob"]):  # the table's page: how many, never which
        assert CARDS[key]["title"] not in visible(pages["table"]) and key not in pages["table"]
    assert mine(pages["table"]) == "" and "Your hand" not in pages["table"]


@serve_needed
def test_elysion_blessings_just_drawn_show_on_the_drawers_page_only(tmp_path):
    db = tmp_path / "r.db"
    play(db, "elysion", "new --player Ann --player Bob --seed 5\nreveal Ann=2 Bob=5\ntake Ann 56\n"
                        "take Bob 45\nnext\nreveal Ann=56 Bob=6\ntake Bob 3\n")
    state = session.load(Store(db), "elysion-1").state
    drawn = [b for p in state["pending"] if p["player"] == "Bob" for b in p["choices"]]
    assert len(drawn) == 2  # the referee drew them (1 + Bob's coin)
    with serving(db, "--seats") as served:
        links = seat_links("".join(served.printed))
        bob, ann = get(links["Bob"][0])[1], get(links["Ann"][0])[1]
    assert "Blessings just drawn for you: keep one" in mine(bob)
    for name in drawn:
        assert name in mine(bob) and name not in mine(ann)
    assert "scores" in mine(bob)  # each with how it scores
    assert "Waiting for you: keep-blessing" in mine(bob) and "Waiting for you" not in mine(ann)
    assert "Bob may keep" in mine(bob) and "Nothing for you to do now." in mine(ann)


def test_a_game_that_draws_nothing_of_its_own_shows_what_the_seats_view_holds_beyond_the_tables():
    from referee.cli.web.seat import _beyond

    seen = {"players": [{"name": "Ann", "cup": [2, 5, 5]}, {"name": "Bob", "cup": ["?", "?"]}], "bid": [3, 5]}
    table = {"players": [{"name": "Ann", "cup": ["?", "?", "?"]}, {"name": "Bob", "cup": ["?", "?"]}], "bid": [3, 5]}
    said = _beyond(seen, table)
    assert "players › 1 › cup" in said and "2, 5, 5" in said
    assert "Bob" not in said and "bid" not in said
    assert _beyond(table, table) == ""


@serve_needed
def test_seat_page_speaks_french_to_a_french_table(tmp_path, monkeypatch):
    db = tmp_path / "r.db"
    play(db, "croa", DEALT)
    monkeypatch.setenv("REFEREE_LANG", "fr")
    with serving(db, "--seats") as served:
        printed = "".join(served.printed)
        links = seat_links(printed)
        page = get(links["Ann"][0])[1]
    assert "La page de chaque joueur" in printed and list(links) == ["Ann", "Bob"]
    own = mine(page)
    for words in ("Seulement pour Ann", "Votre main : 3 cartes", "Jouable maintenant", "à votre tour"):
        assert words in own, words
    for english in ("Only for", "Your hand", "Playable now", "on your turn", "What you may do"):
        assert english not in own, english


# -- in headless Chromium, at a phone's width --------------------------------------------------

def phone(browser):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    return page, problems


@browser_needed
def test_two_seat_pages_in_chromium_each_its_own_hand_and_live(tmp_path, browser):
    from playwright.sync_api import expect

    db = tmp_path / "r.db"
    sid = play(db, "croa", DEALT)
    held = hands(db, sid)
    with serving(db, "--seats") as served:
        links = seat_links("".join(served.printed))
        ann, ann_problems = phone(browser)
        bob, bob_problems = phone(browser)
        table, table_problems = phone(browser)
        ann.goto(links["Ann"][0])
        bob.goto(links["Bob"][0])
        table.goto(served.url)
        for page in (ann, bob, table):
            expect(page.locator("#live.on")).to_be_visible(timeout=15_000)
        expect(ann.locator("header")).to_contain_text("Ann's own page")
        ann_hand, bob_hand = ann.locator("section.mine ul.hand"), bob.locator("section.mine ul.hand")
        for title in titles(held["Ann"]):
            expect(ann_hand).to_contain_text(title)
        for title in titles(held["Bob"]):
            expect(bob_hand).to_contain_text(title)
        for title in titles(held["Bob"]) - titles(held["Ann"]):
            assert title not in ann.locator("main").inner_text()
        for title in titles(held["Ann"]) - titles(held["Bob"]):
            assert title not in bob.locator("main").inner_text()
        assert table.locator("section.mine").count() == 0
        table_text = table.locator("main").inner_text()
        for title in titles(held["Ann"]) | titles(held["Bob"]):
            assert title not in table_text
        assert ann.evaluate("document.documentElement.scrollWidth") <= 390
        shots = Path(os.environ.get("SCREENSHOTS_DIR") or tmp_path)  # to look at them: SCREENSHOTS_DIR=/tmp
        ann.screenshot(path=str(shots / "referee-seat-ann-390x844.png"))
        ann.screenshot(path=str(shots / "referee-seat-ann-full.png"), full_page=True)
        assert (shots / "referee-seat-ann-390x844.png").stat().st_size > 20_000
        # Ann's card, typed in another terminal: her page loses it, Bob's asks him to answer
        referee(db, "croa", "card", "not_even_dead", "--from", "a1", "--to", "b2")
        expect(ann.locator("section.mine")).to_contain_text("Your hand: 2 cards", timeout=10_000)
        expect(ann_hand).not_to_contain_text("Not even dead")
        expect(bob.locator("section.mine")).to_contain_text("Waiting for you: doesnt-work", timeout=10_000)
        expect(bob.locator("section.mine")).to_contain_text("Bob may pass")
        bob.screenshot(path=str(shots / "referee-seat-bob-answers.png"), full_page=True)
        referee(db, "croa", "pass")  # Bob lets it work: Ann's queen goes to b2, Bob to play
        expect(ann.locator(".status")).to_contain_text("Bob to play", timeout=10_000)
        expect(ann.locator("section.mine")).to_contain_text("Nothing for you to do now.")
        expect(bob.locator("section.mine")).to_contain_text("Bob may move")
        assert ann_problems == [] and bob_problems == [] and table_problems == []
        for page in (ann, bob, table):
            page.close()


def test_qr_file_names_keep_apart_the_table_and_players_a_file_name_cannot_hold():
    from referee.cli.serve import file_names

    assert file_names(["Ann", "table", "A/B", "A_B", "Zoé Lee", "../"]) == {
        "Ann": "Ann.png", "table": "table-2.png", "A/B": "A_B.png", "A_B": "A_B-2.png",
        "Zoé Lee": "Zoé_Lee.png", "../": "seat.png"}
