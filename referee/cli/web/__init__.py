"""The live web view of `referee serve`: the page (page.py) and its server (app.py)."""
