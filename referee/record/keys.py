"""The secret that keys the seals of a local store: an owner-only file beside the user's config.

The chain and the digests are SHA-256 anyone can compute again; the session's seal and the
snapshot's digest are HMAC-SHA256 under this key, which the store does not hold (see
docs/integrity.md). So whoever edits the store file, even recomputing every hash, cannot seal the
edit: the next command finds it.

- Where: `REFEREE_KEY_FILE` when set; else `key` in `REFEREE_CONFIG_DIR` when set; else `key` in
  the user's config folder (platformdirs: ~/.config/referee on Linux, XDG_CONFIG_HOME honoured).
- Made on first use: 32 bytes from the OS's CSPRNG, written as hex to a new file of mode 0600 in a
  folder the referee makes 0700. A key file others may read is refused until its mode is 0600.
- Its id (`key_id`): the first 8 hex digits of SHA-256 over a fixed label and the key. A seal
  names the id of the key it was made with, so a seal from another key (the store copied from
  another machine, a lost key file) is told apart from an edit.
- `keyed-stores`, beside the key: the stores this key has sealed (their real paths). A store
  there whose sessions show seals made without a key was turned back by hand: refused, never
  sealed again as it stands.

A club's server keeps its own key, in a table its tables' roles cannot read (`store_pg`).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import posixpath
import sys

from referee.model.errors import StorageError
from referee.model.i18n import _

KEY_FILE = "REFEREE_KEY_FILE"
CONFIG_DIR = "REFEREE_CONFIG_DIR"
_cache: dict[str, bytes] = {}


def config_dir() -> str:
    """The referee's config folder: REFEREE_CONFIG_DIR, else the platform's (without importing
    platformdirs in the common case, Linux with an absolute XDG_CONFIG_HOME or HOME)."""
    given = os.environ.get(CONFIG_DIR, "")
    if given:
        return given
    if sys.platform.startswith("linux"):
        xdg = os.environ.get("XDG_CONFIG_HOME", "")
        home = os.environ.get("HOME", "")
        if posixpath.isabs(xdg):
            return os.path.join(xdg, "referee")
        if posixpath.isabs(home):
            return os.path.join(home, ".config", "referee")
    try:
        from platformdirs import user_config_path
    except ImportError:
        raise StorageError(_("platformdirs is not installed, so the referee's key cannot be placed: reinstall "
                             "referee (pip install -e .) or set REFEREE_KEY_FILE")) from None
    return str(user_config_path("referee", appauthor=False))


def key_path() -> str:
    return os.environ.get(KEY_FILE, "") or os.path.join(config_dir(), "key")


def _make(path: str) -> None:
    """A new key file, owner-only (its folder made 0700 when the referee makes it)."""
    import secrets

    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        os.makedirs(os.path.dirname(folder) or ".", exist_ok=True)
        os.makedirs(folder, mode=0o700, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another terminal made it a moment ago: that one is the key
        return
    with os.fdopen(fd, "w") as fh:
        fh.write(secrets.token_hex(32) + "\n")
        fh.flush()
        os.fsync(fh.fileno())


def local_key() -> bytes:
    """This user's key (made on first use); a StorageError (exit 3) naming the file when it
    cannot be made or read, or others may read it."""
    path = key_path()
    found = _cache.get(path)
    if found is not None:
        return found
    try:
        if not os.path.exists(path):
            _make(path)
        fd = os.open(path, os.O_RDONLY)
        try:
            mode = os.fstat(fd).st_mode
            text = os.read(fd, 200).decode("ascii", "replace").strip()
        finally:
            os.close(fd)
    except OSError as exc:
        raise StorageError(_("cannot read or make the referee's key file {path} ({why}); nothing was written; "
                             "check its folder, or set REFEREE_KEY_FILE").format(path=path,
                                                                                 why=exc.strerror or exc)) from None
    if os.name == "posix" and mode & 0o077:
        raise StorageError(_("the referee's key file {path} may be read by others (mode {mode:o}): make it "
                             "owner-only (chmod 600 {path}); nothing was done").format(path=path, mode=mode & 0o777))
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) < 16:
        raise StorageError(_("the referee's key file {path} does not hold a key (64 hex digits): it was damaged "
                             "or replaced; nothing was done (see docs/integrity.md, \"A lost key\")").format(
                                 path=path))
    _cache[path] = key
    return key


def key_id(key: bytes) -> str:
    return hashlib.sha256(b"referee key id\x00" + key).hexdigest()[:8]


def mac(key: bytes, text: str) -> str:
    """`ID:HEX`: the key's id and HMAC-SHA256 of `text` under it."""
    return key_id(key) + ":" + hmac.new(key, text.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()


# -- the stores this key sealed (so a store turned back to unkeyed seals is refused) ----------

def _stores_file() -> str:
    return os.path.join(os.path.dirname(key_path()) or ".", "keyed-stores")


def remembered(path: str) -> bool:
    try:
        with open(_stores_file(), encoding="utf-8") as fh:
            return os.path.realpath(path) in {line.rstrip("\n") for line in fh}
    except OSError:
        return False


def remember(path: str) -> None:
    """Note that this key sealed the store at `path` (nothing for a store in memory)."""
    if not path or path == ":memory:" or remembered(path):
        return
    try:
        fd = os.open(_stores_file(), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        with os.fdopen(fd, "a", encoding="utf-8") as fh:
            fh.write(os.path.realpath(path) + "\n")
    except OSError:  # only a guard against a store turned back: the seals still hold without it
        pass
