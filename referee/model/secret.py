"""The referee's secret: how it is made, committed to, checked and used to draw.

A session started without `--seed` keeps a *secret*: a 256-bit seed and a 256-bit key, both
from the operating system's CSPRNG, stored as `SEED.KEY` (hex). Its commitment is
`hmac-sha256:` of the seed under the key, so the commitment says nothing about the seed until
both are revealed at the end. Each referee draw takes a generator seeded with HMAC-SHA256 of
the whole seed over (counter, label, draw number): the counter is the stored row index the
draw was made at, which undo, redo and corrections never give out twice, so no roll is ever
drawn again after an undo (it would show the start of a bigger roll).

A finished game that is reopened (undo or a correction after the end) gets a new secret for
its later draws: an *epoch* `N:SEED.KEY` appended to the session's seed text (space
separated), with its commitment `N:hmac-sha256:...` appended to the commitment text; draws
at counter N or later use it.

Sessions made before this kept a short decimal seed with a bare `sha256:` commitment and
drew from (seed, place in the log, label); they keep working (`LEGACY`), and `verify` notes
that their seed is of the weak kind. A seed typed with `--seed` is public and keeps that rule.
"""

from __future__ import annotations

import hashlib
import hmac
import re

from referee.model.frozen import Frozen

HMAC = "hmac-sha256:"
SHA = "sha256:"
_HEX = "0123456789abcdef"
_EPOCH = r"^(\d+):([0-9a-f]{64}\.[0-9a-f]{64})$"  # compiled by `re` for a reopened game's seed only
WEAK_NOTE = ("its seed is of the weak kind (a short number with a bare sha256 commitment, made before "
             "secrets were 256 bits with a keyed commitment): a patient player could have found it while "
             "the game ran")


class Epoch(Frozen):
    start: int  # the first draw counter it serves
    text: str  # SEED.KEY, or a legacy seed as stored

    @property
    def strong(self) -> bool:
        return strong_parts(self.text) is not None

    @property
    def seed(self) -> bytes:
        parts = strong_parts(self.text)
        return bytes.fromhex(parts[0]) if parts else self.text.encode("utf-8", "surrogatepass")

    @property
    def key(self) -> bytes:
        parts = strong_parts(self.text)
        return bytes.fromhex(parts[1]) if parts else b""


def strong_parts(text: str) -> tuple[str, str] | None:
    """SEED and KEY of a strong secret `SEED.KEY` (64 lower-case hex digits each), else None; as
    `re.match(r"^([0-9a-f]{64})\\.([0-9a-f]{64})$", text)` reads it (a final newline let through),
    without compiling a pattern on every action."""
    if text.endswith("\n"):
        text = text[:-1]
    if len(text) != 129 or text[64] != ".":
        return None
    seed, key = text[:64], text[65:]
    return (seed, key) if not seed.strip(_HEX) and not key.strip(_HEX) else None


def new_secret() -> str:
    """A fresh secret `SEED.KEY`: 256 bits each, from the OS's CSPRNG."""
    import secrets

    return f"{secrets.token_hex(32)}.{secrets.token_hex(32)}"


def epochs(seed_text: str) -> list[Epoch]:
    """The secrets of a session's seed text, in order (one, unless the game was reopened)."""
    text = str(seed_text)
    parts = text.split(" ")
    later = [re.match(_EPOCH, p) for p in parts[1:]]
    if len(parts) == 1 or not all(later):
        return [Epoch(0, text)]
    return [Epoch(0, parts[0]), *(Epoch(int(m.group(1)), m.group(2)) for m in later if m)]


def epoch_at(seed_text: str, counter: int | None) -> Epoch:
    """The secret a draw at `counter` uses (the first one when no counter is known)."""
    chosen = epochs(seed_text)
    if counter is None:
        return chosen[0]
    return [e for e in chosen if e.start <= counter][-1]


def commit_one(text: str) -> str:
    """The commitment of one secret: keyed for a strong one, the legacy bare hash else."""
    ep = Epoch(0, text)
    if ep.strong:
        return HMAC + hmac.new(ep.key, ep.seed, hashlib.sha256).hexdigest()
    return SHA + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def commitment(seed_text: str) -> str:
    """The commitment text of a whole seed text (each epoch's, the later ones with their start)."""
    out = []
    for i, ep in enumerate(epochs(seed_text)):
        out.append(commit_one(ep.text) if i == 0 else f"{ep.start}:{commit_one(ep.text)}")
    return " ".join(out)


def first_commitment(commitment_text: str) -> str:
    """The commitment printed at `new` (what identifies a session; later epochs aside)."""
    return str(commitment_text or "").split(" ")[0]


def reopened(seed_text: str, commitment_text: str, start: int) -> tuple[str, str, str]:
    """A new secret for draws from counter `start` on: (seed text, commitment text, its commitment)."""
    fresh = new_secret()
    one = commit_one(fresh)
    base = commitment_text or commitment(seed_text)
    return f"{seed_text} {start}:{fresh}", f"{base} {start}:{one}", one


def problem(seed_text: str, commitment_text: str) -> str | None:
    """What is wrong between a revealed seed text and its commitment text (None: they match)."""
    if not commitment_text:
        return None
    if commitment(seed_text) != commitment_text:
        return "the seed does not match the commitment printed when the session started"
    return None


def weak(seed_text: str, commitment_text: str) -> bool:
    """A secret seed of the old kind (short, bare sha256 commitment)."""
    return first_commitment(commitment_text).startswith(SHA) and not epochs(seed_text)[0].strong


def draw_key(epoch: Epoch, counter: int, label: str, number: int) -> bytes:
    """The seed of one draw's generator under a strong secret: HMAC of the whole seed."""
    message = f"{counter}/{label}/{number}".encode("utf-8", "surrogatepass")
    return hmac.new(epoch.seed, message, hashlib.sha256).digest()


def secret_parts(seed_text: str) -> list[str]:
    """Every seed and key in a seed text (what must never show while the game runs)."""
    out: list[str] = []
    for ep in epochs(seed_text):
        out += ep.text.split(".") if ep.strong else [ep.text]
    return out

