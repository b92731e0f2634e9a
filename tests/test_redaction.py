"""A club server's password is never shown, in any form libpq accepts it: errors, `--json`
output (push's "to"), headers. One function (`store_pg.redact`) does it."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from click.testing import CliRunner

from referee.cli import cli
from referee.record.store_pg import _secrets, redact

PW = "s3cretPW9"
FORMS = {
    "in the address": f"postgresql://ann:{PW}@db.example/club",
    "percent-encoded in the address": f"postgresql://ann:{quote(PW + '@x', safe='')}@db.example/club",
    "password= in the query": f"postgresql://ann@db.example/club?sslmode=require&password={PW}",
    "a percent-encoded key": f"postgresql://ann@db.example/club?pass%77ord={PW}&sslmode=require",
    "sslpassword": f"postgresql://ann@db.example/club?sslpassword={PW}",
    "options that set one": f"postgresql://db.example/club?options={quote('-c password=' + PW, safe='')}",
    "keyword/value": f"host=db.example dbname=club password={PW} user=ann",
    "keyword/value, quoted": f"host=db.example password='{PW} x\\'y' dbname=club",
    "keyword/value, spaced": f"host=db.example password = {PW} dbname=club",
}


@pytest.mark.parametrize("form", list(FORMS))
def test_the_password_is_redacted_in_every_form_libpq_accepts(form):
    url = FORMS[form]
    shown = redact(url)
    assert PW not in shown and "***" in shown
    assert "db.example" in shown  # the rest still says where
    assert any(PW in s for s in _secrets(url))  # and scrubbed from the server's own messages


def test_options_without_a_password_stay_readable():
    url = "postgresql://ann@/club?host=%2Ftmp&options=-csearch_path%3Dt1"
    assert redact(url) == url


@pytest.mark.parametrize("form", ["in the address", "a percent-encoded key", "keyword/value", "options that set one"])
def test_a_connection_error_never_prints_the_password(form, tmp_path):
    url = FORMS[form].replace("db.example", "127.0.0.1").replace("/club", ":1/club") \
        if "://" in FORMS[form] else FORMS[form].replace("host=db.example", "host=127.0.0.1 port=1")
    for args in (["--db", url, "sessions"], ["--db", url, "--json", "sessions"],
                 ["--db", str(tmp_path / "s.db"), "--json", "push", "--all", "--to", url]):
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 3, result.output
        assert PW not in result.output and "Traceback" not in result.output


def test_push_json_names_the_store_it_sent_to_without_the_password(pg_url, tmp_path):
    db = str(tmp_path / "s.db")
    runner = CliRunner()
    runner.invoke(cli, ["--db", db, "croa", "new", "--player", "Ann:red", "--player", "Bob:blue", "--seed", "1"])
    for to in (pg_url + f"&pass%77ord={PW}", pg_url.replace("postgres@", f"postgres:{PW}@")):
        out = runner.invoke(cli, ["--db", db, "--json", "push", "--all", "--to", to])
        assert out.exit_code == 0, out.output
        assert PW not in out.output and "***" in json.loads(out.output)["result"]["to"]
        shown = runner.invoke(cli, ["--db", to, "sessions"])
        assert shown.exit_code == 0 and PW not in shown.output
