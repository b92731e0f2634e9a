"""`referee serve`: the table on every phone, a live read-only web page (the `serve` extra)."""

from __future__ import annotations

import importlib.util
import io
import os
import re
import secrets
import shutil
import signal
import socket
import sys
import threading
from pathlib import Path
from typing import Any
from urllib.parse import quote

import click

from referee.after import league
from referee.cli import context
from referee.model.errors import InputError, StorageError
from referee.model.i18n import _
from referee.record import session
from referee.record.stores import is_url, open_store

EXTRA = ("starlette", "uvicorn", "segno")
INSTALL = "pip install 'referee[serve]' (from a checkout: pip install '.[serve]')"


def missing_parts() -> list[str]:
    """The serve extra's packages that are not installed."""
    return [name for name in EXTRA if importlib.util.find_spec(name) is None]


def lan_address() -> str | None:
    """This machine's address on the local network (what a phone on the same Wi-Fi dials).
    A UDP socket's connect sends nothing; it only picks the interface a route would use."""
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if not address.startswith("127."):
                return address
    except OSError:
        pass
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: no packet leaves
            address = str(probe.getsockname()[0])
            return None if address.startswith(("127.", "0.")) else address
    except OSError:
        return None


def write_qr(qr: Any, target: Path) -> None:
    """The QR code as FILE.svg or FILE.png, owner-only (mode 0600): it holds a token."""
    kind = target.suffix.lower().lstrip(".")
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o600)
    with os.fdopen(fd, "wb") as out:
        if hasattr(os, "fchmod"):
            os.fchmod(out.fileno(), 0o600)  # a file that was there: owner-only from now on
        qr.save(out, kind=kind, scale=8, border=2, **({"xmldecl": False} if kind == "svg" else {}))


def qr_folder(folder: Path) -> Path:
    """The folder seats' QR codes go in: made owner-only (0700) when it is not there yet."""
    if folder.exists() and not folder.is_dir():
        raise click.BadParameter(_("with --seats, --qr names a folder; {path} is a file").format(path=folder),
                                 param_hint="--qr")
    if not folder.exists():
        folder.mkdir(mode=0o700, parents=True)
        folder.chmod(0o700)  # whatever the umask: tokens live here
    return folder


def file_names(names: list[str]) -> dict[str, str]:
    """Each seat's QR file name (NAME.png, what a file name cannot hold as `_`), never `table.png`
    (the table's) nor another seat's."""
    taken, out = {"table"}, {}
    for name in names:
        stem = re.sub(r"[^\w-]", "_", name).strip("_") or "seat"
        base, n = stem, 2
        while stem.casefold() in taken:
            stem, n = f"{base}-{n}", n + 1
        taken.add(stem.casefold())
        out[name] = f"{stem}.png"
    return out


PAGES = 2000  # pages open at once, at most (the next is told to come back: HTTP 503, its page retries)
SPARE = 64  # open files kept for the store, the listening socket and the rest


def open_files(pages: int = PAGES) -> int:
    """How many pages the server may hold open at once: each is one open file (its socket), so
    the soft limit of open files (often 1024) is raised, up to the hard limit, to hold `pages`
    and the server's own; fewer where the hard limit is lower."""
    try:
        import resource
    except ImportError:  # not a Unix: the system's own limits
        return pages
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = pages + SPARE
    if soft != resource.RLIM_INFINITY and soft < wanted:
        raised = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
        except (ValueError, OSError):
            pass
    return pages if soft == resource.RLIM_INFINITY else max(1, min(pages, soft - SPARE))


def seat_tokens(store: Any, sid: str) -> dict[str, tuple[str, str]]:
    """By player name: (seat key, a fresh token of 192 bits) for each seat of session `sid`."""
    loaded = session.load(store, sid)
    return {name: (key, secrets.token_urlsafe(24)) for key, name in loaded.engine.seats(loaded.state).items()}


@click.command("serve")
@click.option("--session", "session_id", metavar="ID",
              help="Serve only this session. Default: the table most recently played at "
                   "(it follows a new game), and a page listing every open one.")
@click.option("--league", "league_name", metavar="NAME",
              help="A league's night on the wall: its standings, ratings, the current round's tables and "
                   "each table's game as it goes (each table's page a link from it).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on. 127.0.0.1: this machine only; --host 0.0.0.0 puts the "
                   "page on the local network (phones on the same Wi-Fi), and a LAN address is printed.")
@click.option("--port", default=8028, show_default=True, type=click.IntRange(0, 65535),
              help="Port to listen on (0: any free one).")
@click.option("--seats", is_flag=True,
              help="Also a page for each player, with its own token: the table plus that player's "
                   "hand, private draws and possible actions. Printed one line per player (NAME: "
                   "URL), after the table's address; give each player only their own link. Serves "
                   "the session named, else the current one.")
@click.option("--qr", "qr_file", type=click.Path(path_type=Path), metavar="FILE|DIR",
              help="Also write the address as a QR code: FILE.svg or FILE.png. With --seats: a "
                   "folder DIR, holding table.png and NAME.png for each player. Owner-only "
                   "files (they hold the tokens).")
def serve_cmd(session_id: str | None, league_name: str | None, host: str, port: int, seats: bool,
              qr_file: Path | None) -> None:
    """A live, read-only web page of the table for every phone (needs referee[serve]).

    Prints an address with a secret token, last (it stays on the screen), and, where a phone
    can reach it (--host 0.0.0.0), its QR code above it: scan it to join. The page shows the
    board, scores, whose turn, what is pending and the last actions, and updates by itself
    within a second of each action typed in any terminal. It shows only what `status` shows,
    and nothing can be changed from it. With --seats, each player also gets a page of their
    own (their own token): a seat's token opens that seat's page only. Ctrl-C stops."""
    missing = missing_parts()
    if missing:
        click.echo(_("referee serve needs the serve extra ({missing} missing): {install}").format(
            missing=", ".join(missing), install=INSTALL), err=True)
        raise click.exceptions.Exit(3)
    if qr_file is not None and not seats and (qr_file.suffix.lower() not in (".svg", ".png") or qr_file.is_dir()):
        raise click.BadParameter(_("the QR code is written as FILE.svg or FILE.png"), param_hint="--qr")
    if qr_file is not None and seats and qr_file.exists() and not qr_file.is_dir():
        raise click.BadParameter(_("with --seats, --qr names a folder; {path} is a file").format(path=qr_file),
                                 param_hint="--qr")

    import segno
    import uvicorn

    from referee.cli.web.app import guarded  # starlette, an optional dependency

    ref = context.get()
    sid = session_id or ref.session_id
    store = ref.reader()
    if not is_url(ref.db) and getattr(store, "path", None) is not None and not Path(store.path).exists():
        raise StorageError(_("no store at {path} yet: start a game first").format(path=store.path))
    if league_name is not None:
        if session_id or seats:
            raise InputError(_("serve a league (--league) or one session (--session, --seats), not both"))
        league_name = league.get(store, league_name)["name"]  # an unknown league: refused now (exit 3)
        sid = None
    if sid or seats:  # --seats: the session named, else the current one (seats are its players)
        sid = session.resolve(store, None, sid)  # a missing or deleted session: refused now (exit 3)
    tokens = seat_tokens(store, sid) if seats and sid else {}
    ref.close()

    try:
        sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(1024)  # before the address is printed: phones that come at once are queued
    except OSError as exc:
        raise StorageError(_("cannot listen on {host}:{port}: {why}").format(host=host, port=port,
                                                                              why=exc.strerror or exc)) from None
    bound = sock.getsockname()[1]
    token = secrets.token_urlsafe(24)  # 192 bits
    shown = host
    if host in ("0.0.0.0", "::"):
        shown = lan_address() or host
    elif ":" in host:
        shown = f"[{host}]"
    url = f"http://{shown}:{bound}/{token}/"

    def open_reader() -> Any:
        return open_store(ref.db, timeout=ref.timeout, readonly=True)

    qr = segno.make(url, error="m")
    links = {name: f"http://{shown}:{bound}/{seat_token}/seat/{quote(name, safe='')}"
             for name, (_key, seat_token) in tokens.items()}
    written: list[Path] = []
    if qr_file is not None and seats:
        folder = qr_folder(qr_file)
        names = file_names(list(links))
        for target, address in ((folder / "table.png", url),
                                *((folder / names[name], link) for name, link in links.items())):
            write_qr(segno.make(address, error="m"), target)
            written.append(target)
    elif qr_file is not None:
        write_qr(qr, qr_file)
        written.append(qr_file)

    app, halt = guarded(token, open_reader, sid, tokens, league_name)

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            halt()  # open pages' event streams end now: Ctrl-C stops at once
            super().handle_exit(sig, frame)

    pages = open_files()
    if pages < PAGES:  # a hard limit of open files below what the pages need: said before they come
        click.echo(_("At most {n} pages can be open at once: the system's limit of open files "
                     "(ulimit -Hn) allows no more.").format(n=pages), err=True)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on",
                            timeout_graceful_shutdown=3, ws="none", limit_concurrency=pages)
    server = Server(config)
    # Ctrl-C after the banner but before uvicorn takes over its signals (while it builds its
    # event loop, say) stops the server as its own handler would, instead of a KeyboardInterrupt
    # breaking the loop half-built (a traceback at exit); uvicorn puts this handler back after
    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, server.handle_exit) if main_thread else None
    try:
        banner(url, host, qr, written, sid, links, terminal_size(), league_name)
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # Ctrl-C before the handler above was set
        pass
    finally:
        if main_thread:
            signal.signal(signal.SIGINT, previous)
        sock.close()


LOCAL = ("localhost", "::1", "[::1]")  # besides 127.x: hosts only this machine can reach


def local_only(host: str) -> bool:
    """Whether `host` is one no phone can reach (this machine's loopback)."""
    return host.startswith("127.") or host in LOCAL


def banner(url: str, host: str, qr: Any, written: Path | list[Path] | None, sid: str | None,
           links: dict[str, str] | None = None, size: tuple[int, int] | None = None,
           league: str | None = None) -> None:
    """What `serve` prints, the address last so that it is what stays on the screen: the
    table's QR code in the terminal (only where a phone can reach the address, and only when
    it fits with the lines under it), the QR files `written` (one, or a folder's), who can open
    the page, the table's address, each seat's (`NAME: URL`), how to stop. `size`: the
    terminal's (columns, rows) (None: not a terminal, the QR code is printed whole)."""
    what = _("session {sid}").format(sid=sid) if sid else _("the current table (all open ones at all/)")
    if league is not None:
        what = _("the league {name}'s standings and tables").format(name=league)
    lines: list[str] = []
    reachable = not local_only(host)
    if not reachable:
        lines += [_("Only this machine can open it, so no QR code: a phone cannot reach {host}.").format(host=host),
                  _("To share it with phones on the same Wi-Fi: referee serve --host 0.0.0.0")]
    elif host in ("0.0.0.0", "::"):
        lines.append(_("On the local network: phones on the same Wi-Fi scan this or open the address."))
    lines += [_("QR code written to {file}").format(file=file)
              for file in ([written] if isinstance(written, Path) else written or [])]
    lines += [_("Serving {what}, read-only, at").format(what=what), f"  {url}"]
    if links:
        lines.append(_("Each player's own page (give each player only their own link):"))
        lines += [f"{name}: {link}" for name, link in links.items()]
    lines.append(_("Ctrl-C stops."))
    if reachable:
        drawn = io.StringIO()
        qr.terminal(out=drawn, compact=True, border=1)
        code = drawn.getvalue().splitlines()
        if size is None or len(code) + _rows(lines, size[0]) < size[1]:
            click.echo("\n".join(code))
        else:  # the code's top would scroll away, and a cut code scans as nothing
            if host in ("0.0.0.0", "::"):  # so there is no code to scan
                lines[0] = _("On the local network: phones on the same Wi-Fi open the address.")
            lines.insert(0, _("No room for the QR code in {rows} rows: --qr FILE.png writes it.").format(rows=size[1]))
    click.echo("\n".join(lines))
    sys.stdout.flush()


def _rows(lines: list[str], columns: int) -> int:
    """The rows `lines` take on a terminal `columns` wide (a long line wraps)."""
    return sum(max(1, -(-len(line) // max(columns, 1))) for line in lines)


def terminal_size() -> tuple[int, int] | None:
    """The terminal's (columns, rows) when `serve` prints to one, else None."""
    if not sys.stdout.isatty():
        return None
    size = shutil.get_terminal_size()
    return size.columns, size.lines
