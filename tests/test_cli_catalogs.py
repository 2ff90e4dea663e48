"""`battle catalogs`, `battle pick` and `battle refresh` (issue 22, section 2), offline on
the upstream packages: the same catalog listing and page the gateway answers, Ember Roads'
Last Ember picked onto Juno as two marked rows with uses from Heart, and a refresh that
offers only Ember Roads version 2's reworded notes."""

from __future__ import annotations

import json
import subprocess
import sys

from battle.cli import main
from tests.conftest import ROOT, UPSTREAM
from tests.sheet.test_picks import LAST_EMBER_NOTES, newer_ember

EMBER = UPSTREAM / "ember-roads.json"
SRD = UPSTREAM / "5e-srd"


def test_catalogs_lists_counts_and_pages_entries(capsys):
    assert main(["catalogs", "-r", str(SRD)]) == 0
    listing = json.loads(capsys.readouterr().out)
    assert (listing["id"], listing["version"]) == ("5e-2014", 7)
    assert [(c["id"], c["entries"]) for c in listing["catalogs"]] == [
        ("spells", 18), ("features", 12), ("weapons", 36), ("creatures", 14)]
    assert main(["catalogs", "-r", str(SRD), "spells", "--offset", "8", "--limit", "1"]) == 0
    page = json.loads(capsys.readouterr().out)
    assert (page["total"], [e["label"] for e in page["entries"]]) == (18, ["Fireball"])
    assert page["entries"][0]["mechanics"]["perCostStep"] == {"dice": "1d6"}
    assert main(["catalogs", "-r", str(SRD), "spells", "--filter", "classes:Druid", "--filter", "level:2"]) == 0
    page = json.loads(capsys.readouterr().out)
    assert [e["id"] for e in page["entries"]] == ["hold-person", "misty-step", "moonbeam", "silence"]
    assert main(["catalogs", "-r", str(EMBER), "spells"]) == 1
    assert capsys.readouterr().err == (
        f'{EMBER}: unknown-catalog: the ruleset "ember-roads" has no catalog "spells" '
        "(it has: knacks, road_trouble, outfitter)\n")


def test_pick_writes_marked_rows_and_refuses_in_words(tmp_path, capsys):
    juno = tmp_path / "juno.json"
    juno.write_text(json.dumps({"name": "Juno", "sheet": {"abilities": {"heart": 3}}}))
    assert main(["pick", "-r", str(EMBER), str(juno), "knacks/last-ember"]) == 0
    picked = json.loads(capsys.readouterr().out)
    assert picked["name"] == "Juno"
    assert picked["sheet"]["lists"] == {
        "knacks": [{"name": "Last Ember", "notes": LAST_EMBER_NOTES, "_catalog": "knacks/last-ember"}],
        "tricks": [{"name": "Last Ember", "uses": 3, "recharge": "camp", "_catalog": "knacks/last-ember"}],
    }
    assert main(["pick", "-r", str(EMBER), str(juno), "outfitter/rope"]) == 1
    assert capsys.readouterr().err == (
        f'{juno}: not-pickable: catalog "outfitter" holds items, and writes nothing onto a sheet\n')


def test_refresh_offers_the_newer_notes_and_takes_them(tmp_path):
    newer = tmp_path / "ember-roads-2.json"
    newer.write_text(json.dumps(newer_ember()))
    juno = tmp_path / "juno.json"

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "battle", *args], cwd=ROOT, capture_output=True, text=True,
                              timeout=120)

    (tmp_path / "in.json").write_text(json.dumps({"name": "Juno", "sheet": {"abilities": {"heart": 2}}}))
    out = run("pick", "-r", str(EMBER), str(tmp_path / "in.json"), "knacks/last-ember")
    assert out.returncode == 0, out.stderr
    juno.write_text(out.stdout)
    out = run("refresh", "-r", str(newer), "--since", str(EMBER), str(juno))
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == {"offers": [{
        "list": "knacks", "row": 0, "entry": "knacks/last-ember", "column": "notes", "current": LAST_EMBER_NOTES,
        "offered": "Spend 1 Grit: a downed friend gets 3 Grit back. Once a camp per Heart."}]}
    out = run("refresh", "-r", str(newer), "--take", str(juno))
    lists = json.loads(out.stdout)["sheet"]["lists"]
    assert lists["knacks"][0]["notes"] == "Spend 1 Grit: a downed friend gets 3 Grit back. Once a camp per Heart."
    # The trick keeps its 2 uses and "camp": version 2's 3 uses and "scene" are not text.
    assert lists["tricks"] == [{"name": "Last Ember", "uses": 2, "recharge": "camp", "_catalog": "knacks/last-ember"}]
