"""referee: a table companion that checks, resolves and scores five board games."""

__version__ = "0.1.0"
