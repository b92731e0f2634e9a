"""`referee serve`: the table on every phone, a live read-only web page (the `serve` extra)."""

from __future__ import annotations

import importlib.util
import secrets
import signal
import socket
import sys
import threading
from pathlib import Path
from typing import Any

import click

from referee.cli import context
from referee.model.i18n import _

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
    suffix = target.suffix.lower()
    qr.save(str(target), scale=8, border=2, **({"xmldecl": False} if suffix == ".svg" else {}))


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
@click.option("--qr", "qr_file", type=click.Path(dir_okay=False, path_type=Path), metavar="FILE",
              help="Also write the address as a QR code: FILE.svg or FILE.png.")
def serve_cmd(session_id: str | None, league_name: str | None, host: str, port: int, qr_file: Path | None) -> None:
    """A live, read-only web page of the table for every phone (needs referee[serve]).

    Prints an address with a secret token and its QR code: scan it to join. The page shows the
    board, scores, whose turn, what is pending and the last actions, and updates by itself
    within a second of each action typed in any terminal. It shows only what `status` shows,
    and nothing can be changed from it. Ctrl-C stops."""
    missing = missing_parts()
    if missing:
        click.echo(_("referee serve needs the serve extra ({missing} missing): {install}").format(
            missing=", ".join(missing), install=INSTALL), err=True)
        raise click.exceptions.Exit(3)
    if qr_file is not None and qr_file.suffix.lower() not in (".svg", ".png"):
        raise click.BadParameter(_("the QR code is written as FILE.svg or FILE.png"), param_hint="--qr")

    import segno
    import uvicorn

    from referee.cli.web.app import guarded
    from referee.model.errors import StorageError
    from referee.record import session
    from referee.record.stores import is_url

    ref = context.get()
    sid = session_id or ref.session_id
    store = ref.reader()
    if not is_url(ref.db) and getattr(store, "path", None) is not None and not Path(store.path).exists():
        raise StorageError(_("no store at {path} yet: start a game first").format(path=store.path))
    if league_name is not None:
        from referee.after import league
        from referee.model.errors import InputError

        if session_id:
            raise InputError(_("serve a league (--league) or one session (--session), not both"))
        league_name = league.get(store, league_name)["name"]  # an unknown league: refused now (exit 3)
        sid = None
    if sid:
        sid = session.resolve(store, None, sid)  # a missing or deleted session: refused now (exit 3)
    ref.close()

    try:
        sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)  # before the address is printed: a phone that scans at once is queued
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
        from referee.record.stores import open_store

        return open_store(ref.db, timeout=ref.timeout, readonly=True)

    qr = segno.make(url, error="m")
    if qr_file is not None:
        write_qr(qr, qr_file)

    app, halt = guarded(token, open_reader, sid, league_name)

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            halt()  # open pages' event streams end now: Ctrl-C stops at once
            super().handle_exit(sig, frame)

    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on",
                            timeout_graceful_shutdown=3, ws="none")
    server = Server(config)
    # Ctrl-C after the banner but before uvicorn takes over its signals (while it builds its
    # event loop, say) stops the server as its own handler would, instead of a KeyboardInterrupt
    # breaking the loop half-built (a traceback at exit); uvicorn puts this handler back after
    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, server.handle_exit) if main_thread else None
    try:
        banner(url, host, qr, qr_file, sid, league_name)
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # Ctrl-C before the handler above was set
        pass
    finally:
        if main_thread:
            signal.signal(signal.SIGINT, previous)
        sock.close()


def banner(url: str, host: str, qr: Any, qr_file: Path | None, sid: str | None, league: str | None = None) -> None:
    """The address, where it can be opened from, and its QR code in the terminal."""
    what = _("session {sid}").format(sid=sid) if sid else _("the current table (all open ones at all/)")
    if league is not None:
        what = _("the league {name}'s standings and tables").format(name=league)
    click.echo(_("Serving {what}, read-only, at").format(what=what) + f"\n  {url}")
    if host in ("0.0.0.0", "::"):
        click.echo(_("On the local network: phones on the same Wi-Fi can scan this."))
    elif host.startswith("127.") or host in ("localhost", "::1"):
        click.echo(_("Only this machine can open it; --host 0.0.0.0 puts it on the local network."))
    qr.terminal(out=sys.stdout, compact=True)
    if qr_file is not None:
        click.echo(_("QR code written to {file}").format(file=qr_file))
    click.echo(_("Ctrl-C stops."))
    sys.stdout.flush()
