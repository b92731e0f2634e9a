"""What comes after a game: its played steps, statistics, standings, leagues, the report and the
exports. It reads the record; it never changes a game's rules."""
