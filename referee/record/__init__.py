"""The record: sessions, the chained log, corrections, secrets kept, upgrades and the push of a
table's record to a club (SQLite and PostgreSQL). The only place that speaks SQL."""
