"""`python tests/kleos_writer.py DB SESSION N TAG`: append N Kleos glory effects, printing each committed count."""

import sys

from referee.record import session
from referee.record.stores import open_store

db, sid, n, tag = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
store = open_store(db, timeout=30)  # a path or a postgresql:// URL
for i in range(n):
    session.act(store, sid, {"verb": "glory", "god": "ares", "delta": "+1", "reason": f"{tag}-{i}"})
    print(i + 1, flush=True)
