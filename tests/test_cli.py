"""The `battle` command line: validate, schema and sheet, run as the console script."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import ROOT
from tests.ruleset.minimal import minimal_package


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "shared.cli", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def test_validate_ok_and_errors(tmp_path):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(minimal_package()))
    bad_pkg = minimal_package()
    bad_pkg["colour"] = "red"
    bad_pkg["version"] = "one"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(bad_pkg))

    ok = run("validate", str(good))
    assert ok.returncode == 0
    assert ok.stdout == f"{good}: ok (test-roads version 1)\n"

    res = run("validate", str(good), str(bad))
    assert res.returncode == 1
    assert res.stdout.splitlines() == [
        f"{good}: ok (test-roads version 1)",
        f"{bad}: version: must be a whole number, not text",
        f"{bad}: colour: unknown key",
    ]


def test_validate_broken_json(tmp_path):
    f = tmp_path / "x.json"
    f.write_text("{")
    res = run("validate", "-q", str(f))
    assert res.returncode == 1
    assert res.stdout.startswith(f"{f}: (file): is not valid JSON: ")


def test_schema_is_json_schema_of_the_package():
    res = run("schema")
    assert res.returncode == 0
    schema = json.loads(res.stdout)
    assert schema["type"] == "object"
    assert schema["additionalProperties"] is False
    assert {"schemaVersion", "coverage", "resolution", "sheet", "gm"} <= set(schema["required"])
    assert schema["properties"]["clocks"]["x-capabilityApi"] == "1.143"


def test_help_lists_commands():
    res = run("--help")
    assert res.returncode == 0
    for word in ("validate", "schema", "sheet"):
        assert word in res.stdout


def test_worker_help_names_celerys_host_placeholder_as_typed():
    shown = subprocess.run([sys.executable, "-m", "shared.cli", "worker", "--help"], capture_output=True, text=True,
                           cwd=ROOT)
    assert "-n w1@%h." in " ".join(shown.stdout.split()) and "%%" not in shown.stdout
