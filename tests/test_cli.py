"""The `battle` command line: validate, schema and sheet, run as the console script."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import ROOT, UPSTREAM
from tests.ruleset.minimal import minimal_package


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "battle", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
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
    for word in ("validate", "schema", "sheet", "check"):
        assert word in res.stdout


def test_worker_help_names_celerys_host_placeholder_as_typed():
    shown = subprocess.run([sys.executable, "-m", "battle", "worker", "--help"], capture_output=True, text=True,
                           cwd=ROOT)
    assert "-n w1@%h." in " ".join(shown.stdout.split()) and "%%" not in shown.stdout


def test_sheet_shows_a_stored_sheet_as_stored_and_flags_what_the_ruleset_no_longer_offers(tmp_path, capsys):
    from battle.cli import main

    juno = json.loads((ROOT / "examples" / "juno.json").read_text())
    # Lantern Marsh offers Might -1..4, Stamina 0..6 and the tiers untrained, practiced and
    # seasoned; this Juno was stored with Might 9, Stamina 8 and Wade at "master".
    juno["sheet"]["abilities"]["might"] = 9
    juno["sheet"]["fields"]["stamina"] = 8
    juno["sheet"]["skills"]["wade"] = "master"
    path = tmp_path / "juno.json"
    path.write_text(json.dumps(juno))
    ruleset = str(ROOT / "examples" / "lantern-marsh.json")
    assert main(["sheet", "--ruleset", ruleset, str(path)]) == 0
    out, err = capsys.readouterr()
    sheet = json.loads(out)
    flags = [
        "sheet.abilities.might: must be within -1..4, not 9 (kept as stored)",
        'sheet.skills.wade: must be a tier offered for skills ("untrained", "practiced", "seasoned"), not "master" '
        '(kept as stored, read as "untrained")',
        "sheet.fields.stamina: must be within 0..6, not 8 (kept as stored)",
    ]
    assert sheet["flags"] == flags
    assert err.splitlines() == [f"{path}: flagged: {line}" for line in flags]
    # As stored: Might 9 (its modifier is the score), Stamina 8, Breath 5 + 8 + 9 = 22; Wade
    # is read as untrained: Might's 9 and no tier bonus.
    assert sheet["abilities"]["might"] == {"score": 9, "mod": 9}
    assert sheet["fields"]["stamina"] == 8 and sheet["pools"]["breath"] == {"current": 22, "max": 22, "temp": 0}
    assert sheet["skills"]["wade"] == 9 and sheet["tiers"]["skills"]["wade"] == "untrained"
    # Anything else is still refused: a score that is not a number, an ability nobody declares.
    juno["sheet"]["abilities"] = {"might": "strong", "grace": 2}
    path.write_text(json.dumps(juno))
    assert main(["sheet", "--ruleset", ruleset, str(path)]) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"{path}: sheet.abilities.might: must be a whole number, not text",
        f'{path}: sheet.abilities.grace: unknown ability "grace"',
    ]


def test_check_prints_the_receipt_and_refuses_untrained_by_exit_code(tmp_path):
    vex = tmp_path / "vex.json"
    vex.write_text(json.dumps({"name": "Vex", "sheet": {"abilities": {"dex": 14}, "skills": {"stealth": "proficient"}}}))
    five_e = str(UPSTREAM / "ruleset-5e-2014.example.json")
    # Stealth +4 (Dexterity 14, proficient at level 1): a natural 20 makes 24, below DC 25.
    res = run("check", "--ruleset", five_e, str(vex), "Stealth", "--dc", "25", "--dice", "20")
    assert res.returncode == 0, res.stderr
    assert res.stdout == ('[skill_check: skill="Stealth" who="Vex" dc="25" rolls="20" used="20" modifier="4" '
                          'total="24" result="failure" dice="1d20" resolution="sum"]\n')
    res = run("check", "--ruleset", five_e, str(vex), "Stealth", "--difficulty", "Hard", "--seed", "5", "--json")
    seeded = json.loads(res.stdout)
    assert seeded["dc"] == "20" and seeded["modifier"] == "4"
    assert run("check", "--ruleset", five_e, str(vex), "Stealth", "--difficulty", "Hard", "--seed", "5",
               "--json").stdout == res.stdout
    mira = tmp_path / "mira.json"
    mira.write_text(json.dumps({"name": "Mira", "sheet": {}}))
    res = run("check", "--ruleset", str(UPSTREAM / "gravewatch.json"), str(mira), "Dig", "--dc", "1")
    assert res.returncode == 1
    assert res.stdout == '[skill_check: skill="Dig" who="Mira" dc="1" reason="untrained"]\n'
    assert res.stderr == "not rolled: Mira cannot attempt Dig untrained\n"
    res = run("check", "--ruleset", five_e, str(vex), "Fly", "--dc", "5")
    assert res.returncode == 1
    assert res.stderr == "check refused: this ruleset has no skill, save or ability called Fly\n"
