"""Many pages open on one `referee serve` (issue 38 item 4, the server's side): every open page,
the table's and each player's own, receives an action typed in another terminal, each seat's page
still holding its own hand and no other's; a system's low limit of open files is raised for the
pages; the store is looked at once for all pages, and a table is drawn again only when its
session moved. Waits are on conditions with deadlines; the figures are `tests/bench_serve.py`'s."""

from __future__ import annotations

import asyncio
import html
import json
import re
import resource
import threading
from pathlib import Path
from urllib.parse import quote

import pytest
from club import play
from serve_pages import Pages
from serve_support import referee, serving

from referee.cli.serve import missing_parts
from referee.games.croa.cards import CARDS
from referee.record import session
from referee.record.store import Store

serve_needed = pytest.mark.skipif(bool(missing_parts()), reason=f"pip install '.[serve]' ({', '.join(missing_parts())} missing)")

DEALT = "new --player Ann:red --player Bob:blue --digital --cards --deal --seed 8\n"  # hands with no card in common
SEAT = re.compile(r"^(\w+): (http://\S+/([\w-]+))/seat/\w+$", re.M)
MOVED = "Ann's servant a2 -> a3: male1 (revealed)."  # what `move a2 a3` says on that table (seed 8)


def events(base: str, key: str) -> str:
    return f"{base}/events?k={quote(key)}"


def mine(page_html: str) -> str:
    """The seat's own section of a pushed table ("" on the table's page)."""
    found = re.search(r'<section class="mine">.*?</section>', page_html, re.S)
    return html.unescape(found.group(0)) if found else ""


@serve_needed
def test_fifty_open_pages_all_receive_an_action_typed_at_the_table_each_seat_its_own_hand_only(tmp_path):
    db = tmp_path / "r.db"
    sid = play(db, "croa", DEALT)
    state = session.load(Store(db), sid).state
    held = {col["name"]: set(col["hand"]) for col in state["colonies"]}
    assert held["Ann"] - held["Bob"] and held["Bob"] - held["Ann"]  # the seed deals them apart
    with serving(db, "--seats") as served:
        seats = {name: base for name, base, _token in SEAT.findall("".join(served.printed))}
        assert sorted(seats) == ["Ann", "Bob"]
        table = events(served.url.rstrip("/"), f"s:{sid}")
        urls = [table] * 30 + [events(seats["Ann"], "p:Ann")] * 10 + [events(seats["Bob"], "p:Bob")] * 10
        with Pages(urls, keep_html=True) as opened:
            assert opened.wait(lambda ps: all(p.pushed for p in ps), 30, "every page's first table")
            first = [p.version for p in opened.pages]
            referee(db, "croa", "move", "a2", "a3")
            assert opened.wait(lambda ps: all(p.version != v for p, v in zip(ps, first, strict=True)), 15), \
                [p.url for p, v in zip(opened.pages, first, strict=True) if p.version == v]
            pages = opened.pages
    assert all(p.status == 200 and len(p.pushed) == 2 for p in pages)  # the table once, then the action once
    assert all(MOVED in html.unescape(p.html) and "Bob to play" in html.unescape(p.html) for p in pages)
    for page in pages:
        section = mine(page.html)
        who = "Ann" if page.url.endswith("p%3AAnn") else "Bob" if page.url.endswith("p%3ABob") else None
        if who is None:  # the table's page: how many cards each holds, never which
            assert section == "" and not any(CARDS[k]["title"] in html.unescape(page.html) for k in held["Ann"] | held["Bob"])
            continue
        other = "Bob" if who == "Ann" else "Ann"
        assert f"Only for {who}" in section and f"Only for {other}" not in html.unescape(page.html)
        assert all(CARDS[k]["title"] in section for k in held[who])
        assert not any(CARDS[k]["title"] in html.unescape(page.html) for k in held[other] - held[who])


def _low_files(limit: int):
    def lower() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
    return lower


@serve_needed
@pytest.mark.skipif(resource.getrlimit(resource.RLIMIT_NOFILE)[1] not in (resource.RLIM_INFINITY,)
                    and resource.getrlimit(resource.RLIMIT_NOFILE)[1] < 1024,
                    reason="this system's hard limit of open files is below 1024")
def test_a_low_limit_of_open_files_is_raised_so_that_three_hundred_pages_stay_open(tmp_path):
    """Started with a soft limit of 256 open files (below the pages' sockets), the server raises
    it: 300 pages open, and all receive the action."""
    db = tmp_path / "r.db"
    referee(db, "croa", "new", "--player", "Ann:red", "--player", "Bob:blue", "--seed", "3")
    with serving(db, preexec_fn=_low_files(256)) as served, \
            Pages([events(served.url.rstrip("/"), "current")] * 300) as opened:
        assert opened.wait(lambda ps: all(p.pushed or p.ended for p in ps), 60, "every page's first table"), \
            f"{sum(not p.pushed for p in opened.pages)} pages got nothing"
        assert all(p.pushed for p in opened.pages), f"{sum(p.ended for p in opened.pages)} pages were cut"
        first = [p.version for p in opened.pages]
        referee(db, "croa", "move", "a2", "a3", "-t", "reeds")
        assert opened.wait(lambda ps: all(p.version != v for p, v in zip(ps, first, strict=True)), 20)


class Loop:
    """What the watcher hands its tables to (the event loop's `call_soon_threadsafe`), noted."""

    def __init__(self) -> None:
        self.drawn: list[str] = []
        self.changed = threading.Condition()

    def call_soon_threadsafe(self, publish, update: dict) -> None:
        with self.changed:
            self.drawn += list(update)
            self.changed.notify_all()

    def wait(self, count: int, deadline: float = 15.0) -> None:
        with self.changed:
            assert self.changed.wait_for(lambda: len(self.drawn) >= count, deadline), self.drawn


@serve_needed
def test_an_action_at_one_table_draws_again_that_tables_pages_only(tmp_path):
    """Two tables shown, an action at the first: its table is drawn once more, the second's not
    at all (its session's head did not move), whatever the pages open on either."""
    from referee.cli.web.app import Hub, Watcher
    from referee.record.stores import open_store

    db: Path = tmp_path / "r.db"
    for seed in ("3", "4"):
        referee(db, "croa", "new", "--player", "Ann:red", "--player", "Bob:blue", "--seed", seed)
    hub, loop = Hub(), Loop()
    hub.want("s:croa-1")
    hub.want("s:croa-2")
    watcher = Watcher(lambda: open_store(str(db), readonly=True), lambda store, key: (key, key), hub,
                      loop)  # type: ignore[arg-type]
    watcher.start()
    try:
        loop.wait(2)
        assert sorted(loop.drawn) == ["s:croa-1", "s:croa-2"]
        referee(db, "--session", "croa-1", "croa", "move", "a2", "a3", "-t", "reeds")
        loop.wait(3)
        referee(db, "--session", "croa-1", "undo")
        loop.wait(4)
        referee(db, "sessions", "rename", "croa-2", "second")  # a change to the session's row alone
        loop.wait(5)
    finally:
        watcher.stop.set()
        watcher.join(10)
    assert loop.drawn[2:] == ["s:croa-1", "s:croa-1", "s:croa-2"]


def test_pushed_table_is_encoded_once_for_all_its_pages():
    """The event a page receives holds the table's version, title and HTML as JSON; every page
    of that table is sent the same bytes, made once."""
    from referee.cli.web.app import Hub

    async def run() -> tuple[bytes, bytes, bool]:
        hub = Hub()
        hub.publish({"s:x": ("Title é", "<p>table</p>")})
        table = hub.tables["s:x"]
        return table.event, hub.tables["s:x"].event, table.event is hub.tables["s:x"].event

    event, again, same = asyncio.run(run())
    assert same and event == again
    head, _sep, data = event.decode().partition("\ndata: ")
    assert head == "event: table" and data.endswith("\n\n")
    assert json.loads(data) == {"v": json.loads(data)["v"], "title": "Title é", "html": "<p>table</p>"}


@serve_needed
def test_on_a_clubs_server_every_page_of_one_table_receives_an_action(pg_url):
    """A club's server has no `data_version`: its change mark tells the watcher, and every page
    of the one session served (`--session`) follows the table."""
    referee(pg_url, "croa", "new", "--player", "Ann:red", "--player", "Bob:blue", "--seed", "3")
    with serving(pg_url, "--session", "croa-1") as served, \
            Pages([events(served.url.rstrip("/"), "s:croa-1")] * 20, keep_html=True) as opened:
        assert opened.wait(lambda ps: all(p.pushed for p in ps), 30, "every page's first table")
        first = [p.version for p in opened.pages]
        referee(pg_url, "croa", "move", "a2", "a3", "-t", "reeds")
        assert opened.wait(lambda ps: all(p.version != v for p, v in zip(ps, first, strict=True)), 20)
    assert all("Bob to play" in html.unescape(p.html) for p in opened.pages)


@serve_needed
def test_on_a_clubs_server_the_league_page_and_the_tables_follow_an_action(pg_url):
    """The league on the wall on a club's server: the watcher looks at the server's change
    mark (a few sums), and the standings page and table 1's pages receive the action."""
    referee(pg_url, "league", "new", "Night", "--game", "croa")
    referee(pg_url, "club", "seat", "--league", "Night", "--tables", "1", "--player", "Ann", "--player", "Bob")
    referee(pg_url, "croa", "new", "--player", "Ann:red", "--player", "Bob:blue", "--seed", "3", "--league", "Night")
    with serving(pg_url, "--league", "Night") as served, \
            Pages([events(served.url.rstrip("/"), key) for key in ("league", "s:croa-1") for _ in range(10)],
                  keep_html=True) as opened:
        assert opened.wait(lambda ps: all(p.pushed for p in ps), 30, "every page's first table")
        first = [p.version for p in opened.pages]
        referee(pg_url, "croa", "move", "a2", "a3", "-t", "reeds")
        assert opened.wait(lambda ps: all(p.version != v for p, v in zip(ps, first, strict=True)), 20)
    assert all("Bob to play" in html.unescape(p.html) for p in opened.pages)


def test_a_clubs_servers_change_mark_moves_with_every_write_and_only_then(pg_url):
    from referee.record.stores import open_store

    referee(pg_url, "croa", "new", "--player", "Ann:red", "--player", "Bob:blue", "--seed", "3")
    reader = open_store(pg_url, readonly=True)
    try:
        marks = [reader.change_mark()]
        reader.sessions(include_over=True)  # reading changes nothing
        assert reader.change_mark() == marks[-1]
        for words in (("croa", "move", "a2", "a3", "-t", "reeds"), ("undo",), ("sessions", "rename", "croa-1", "Friday"),
                      ("league", "new", "Night", "--game", "croa"), ("league", "add", "Night", "croa-1"),
                      ("sessions", "delete", "croa-1", "--yes")):
            referee(pg_url, *words)
            marks.append(reader.change_mark())
            assert marks[-1] != marks[-2], words
    finally:
        reader.close()
