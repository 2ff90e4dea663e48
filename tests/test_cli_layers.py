"""`--layer` on the offline commands (`battle sheet`, `check`, `fight`, `pick`), run as the console
script: the layers turned on as a game turns them on, an unknown or conflicting one refused
by name with exit 1. The 5e example's `low_magic` removes "int" from Spellcasting ability;
Ember Roads' `hard_winter` makes Hard DC 11 (DC 10 without it); seed 3 throws d6s 2, 3."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import ROOT, UPSTREAM
from tests.games.upstream_games import mira

FIVE_E = str(UPSTREAM / "ruleset-5e-2014.example.json")
EMBER = str(UPSTREAM / "ember-roads.json")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "battle", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def test_sheet_with_low_magic_reads_none_and_flags_the_stored_int(tmp_path):
    path = tmp_path / "mira.json"
    path.write_text(json.dumps(mira()))
    plain = json.loads(run("sheet", "-r", FIVE_E, str(path)).stdout)
    # Intelligence 16 (+3), level 5 (+3): save DC 8 + 3 + 3 = 14, attack +6.
    assert (plain["fields"]["spellcasting_ability"], plain["derived"]["spell_save_dc"]) == ("int", 14)
    res = run("sheet", "-r", FIVE_E, "--layer", "low_magic", str(path))
    assert res.returncode == 0, res.stderr
    low = json.loads(res.stdout)
    assert low["fields"]["spellcasting_ability"] == "none"
    assert "spell_save_dc" in low["hidden"] and "spell_save_dc" not in low["derived"]
    flag = 'sheet.fields.spellcasting_ability: must be one of "none", "wis", not "int" (kept as stored, read as "none")'
    assert low["flags"] == [flag]
    assert res.stderr == f"{path}: flagged: {flag}\n"


def test_check_with_hard_winter_reads_hard_as_dc_11(tmp_path):
    path = tmp_path / "tobin.json"
    path.write_text(json.dumps({"name": "Tobin", "sheet": {}}))
    for layer, dc in (((), "10"), (("--layer", "hard_winter"), "11")):
        res = run("check", "-r", EMBER, *layer, str(path), "Sneak", "--difficulty", "Hard", "--seed", "3")
        assert res.returncode == 0, res.stderr
        assert res.stdout == (f'[skill_check: skill="Sneak" who="Tobin" dc="{dc}" rolls="2|3" used="5" modifier="0" '
                              'total="5" result="failure" dice="2d6" resolution="sum"]\n')


def test_unknown_and_conflicting_layers_exit_1(tmp_path):
    path = tmp_path / "mira.json"
    path.write_text(json.dumps(mira()))
    res = run("sheet", "-r", FIVE_E, "--layer", "low_magic", "--layer", "high_magic", "--layer", "wild", str(path))
    assert (res.returncode, res.stdout) == (1, "")
    assert res.stderr.splitlines() == [
        "--layer: unknown layer \"wild\" (this ruleset's layers: low_magic, high_magic)",
        '--layer: layers "low_magic" and "high_magic" conflict: they cannot be on together']
    res = run("fight", "-r", EMBER, "--layer", "low_magic", "--party", str(path), "--foes", str(path))
    assert (res.returncode, res.stderr) == (1, "--layer: unknown layer \"low_magic\" (this ruleset's layers: hard_winter)\n")


def test_catalogs_with_hard_winter_leaves_out_the_grit_knacks():
    res = run("catalogs", "-r", EMBER, "knacks", "--layer", "hard_winter", "--offset", "2", "--limit", "2")
    assert res.returncode == 0, res.stderr
    page = json.loads(res.stdout)
    # 8 knacks; hard_winter hides Last Ember and Coldfire Toss (grit 1), leaving 6.
    assert (page["total"], [e["id"] for e in page["entries"]]) == (6, ["iron-stomach", "hold-the-line"])
    res = run("catalogs", "-r", EMBER, "knacks", "--layer", "long_night")
    assert (res.returncode, res.stderr) == (1, "--layer: unknown layer \"long_night\" (this ruleset's layers: hard_winter)\n")


def test_pick_with_hard_winter_refuses_the_knacks_it_hides(tmp_path):
    # hard_winter hides the knacks whose grit filter is above 0 (Last Ember and Coldfire
    # Toss, grit 1) from the picker: picking one by name is refused, nothing printed; Road
    # Sense (grit 0) is still picked; without the layer Last Ember is picked (two rows).
    path = tmp_path / "tobin.json"
    path.write_text(json.dumps({"name": "Tobin", "sheet": {}}))
    res = run("pick", "-r", EMBER, "--layer", "hard_winter", str(path), "knacks/road-sense", "knacks/last-ember")
    assert (res.returncode, res.stdout) == (1, "")
    assert res.stderr == (f'{path}: hidden-by-layer: the layer "hard_winter" (Hard winter) hides Last Ember '
                          "from the picker\n")
    res = run("pick", "-r", EMBER, "--layer", "hard_winter", str(path), "knacks/road-sense")
    assert res.returncode == 0, res.stderr
    assert [r["_catalog"] for r in json.loads(res.stdout)["sheet"]["lists"]["knacks"]] == ["knacks/road-sense"]
    res = run("pick", "-r", EMBER, str(path), "knacks/last-ember")
    assert res.returncode == 0, res.stderr
    assert sorted(json.loads(res.stdout)["sheet"]["lists"]) == ["knacks", "tricks"]
    res = run("pick", "-r", EMBER, "--layer", "long_night", str(path), "knacks/road-sense")
    assert (res.returncode, res.stderr) == (1, "--layer: unknown layer \"long_night\" (this ruleset's layers: hard_winter)\n")
