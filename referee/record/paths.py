"""A store's file path as text, and the few checks the store makes on it, as `pathlib.Path` makes
them, without importing pathlib: through `urllib.parse` and `ipaddress` it costs every action a few
milliseconds once Click no longer loads it (issue 26). Elsewhere than POSIX, pathlib decides."""

from __future__ import annotations

import errno
import os
import stat

# the errors Path.exists() and Path.is_dir() read as "not there" (others are raised)
_MISSING = (errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP)
_MISSING_WINDOWS = (21, 123, 1921)  # not ready, invalid name, cannot resolve


def clean(path: str | os.PathLike) -> str:
    """The path as `str(Path(path))` writes it: `./a//b/` -> `a/b` (`..` kept, not resolved)."""
    text = os.fspath(path)
    if os.name != "posix" or not isinstance(text, str):
        from pathlib import Path

        return str(Path(path))
    root = "//" if text.startswith("//") and not text.startswith("///") else "/" if text.startswith("/") else ""
    return root + "/".join(p for p in text.split("/") if p and p != ".") or "."


def parent(path: str) -> str:
    """The folder holding a `clean` path (`Path.parent`): `a/b` -> `a`, `b` -> `.`."""
    return os.path.dirname(path) or "."


def _stat(path: str) -> os.stat_result | None:
    """The file's status, None when it is not there (as Path.exists() tells it)."""
    try:
        return os.stat(path)
    except OSError as exc:
        if getattr(exc, "errno", None) in _MISSING or getattr(exc, "winerror", None) in _MISSING_WINDOWS:
            return None
        raise
    except ValueError:  # a name the system cannot take (a NUL byte)
        return None


def exists(path: str) -> bool:
    """As `Path.exists()`."""
    return _stat(path) is not None


def is_dir(path: str) -> bool:
    """As `Path.is_dir()`."""
    found = _stat(path)
    return found is not None and stat.S_ISDIR(found.st_mode)


def mkdir(path: str, mode: int = 0o777, parents: bool = False) -> None:
    """As `Path.mkdir(mode, parents, exist_ok=True)`."""
    try:
        os.mkdir(path, mode)
    except FileNotFoundError:
        if not parents or parent(path) == path:
            raise
        mkdir(parent(path), parents=True)
        mkdir(path, mode)
    except OSError:
        if not is_dir(path):
            raise


_URI_SAFE = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~/")


def uri_quoted(path: str) -> str:
    """`path` as `urllib.parse.quote(path)` writes it for an SQLite `file:` URI (every byte of its
    UTF-8 but letters, digits, `_.-~` and `/` as `%XX`), without loading urllib and ipaddress for
    every view (`surrogateescape` keeps a name's undecodable bytes, as the file system gave them)."""
    return "".join(chr(b) if b in _URI_SAFE else f"%{b:02X}" for b in path.encode("utf-8", "surrogateescape"))
