"""Catalog rows and their `scaled` columns are held to the rules of a character's rows
(issue 19): every cell a column of the list, of its type, within its range, one of its
choices, required cells filled; a scaled column is a number column whose value is read
before live state exists (spec/sheet: "a catalog's linked columns or increments" read no
live value, and "cannot read a list sum, even through a derived value")."""

from __future__ import annotations

import json
import shutil
from typing import Any

from shared.ruleset.load import validate_shipped
from shared.ruleset.shipped import read_package
from tests.conftest import UPSTREAM
from tests.ruleset.minimal import problems_of
from tests.ruleset.srd import SRD

# Ember Roads' Last Ember: catalogs[0] ("knacks"), entries[3]; its rows[1] writes the
# "tricks" list (name required, uses 0..9, recharge "camp" or "scene") with "uses" scaled
# from the character's Heart.
TRICK = "catalogs[0].entries[3].rows[1]"


def ember() -> dict[str, Any]:
    return json.loads((UPSTREAM / "ember-roads.json").read_text())


def _trick(pkg: dict[str, Any]) -> dict[str, Any]:
    entry = pkg["catalogs"][0]["entries"][3]
    assert entry["id"] == "last-ember" and entry["rows"][1]["list"] == "tricks"
    return entry["rows"][1]


def test_a_catalog_row_value_out_of_its_column_range_is_refused():
    pkg = ember()
    _trick(pkg)["values"]["uses"] = 12
    assert problems_of(pkg) == [f"{TRICK}.values.uses: must be from 0 to 9, not 12"]


def test_a_catalog_row_value_not_one_of_the_choices_is_refused():
    pkg = ember()
    _trick(pkg)["values"]["recharge"] = "dawn"
    assert problems_of(pkg) == [f'{TRICK}.values.recharge: "dawn" is not one of "camp", "scene"']


def test_a_catalog_row_without_a_required_column_is_refused():
    pkg = ember()
    del _trick(pkg)["values"]["name"]
    assert problems_of(pkg) == [f'{TRICK}.values.name: required: list "tricks" needs a "name" in every row']


def test_a_catalog_row_value_of_the_wrong_type_is_refused():
    pkg = ember()
    _trick(pkg)["values"]["uses"] = "one"
    assert problems_of(pkg) == [f'{TRICK}.values.uses: must be a number, not "one"']


def test_a_scaled_column_with_an_unknown_key_is_refused():
    pkg = ember()
    _trick(pkg)["scaled"]["uses"]["tabel"] = [[1, 1]]
    assert problems_of(pkg) == [f"{TRICK}.scaled.uses.tabel: unknown key"]


def test_a_scaled_column_the_list_does_not_have_is_refused():
    pkg = ember()
    _trick(pkg)["scaled"]["charges"] = {"from": {"abilityScore": "heart"}}
    assert problems_of(pkg) == [f'{TRICK}.scaled.charges: unknown column "charges" in list "tricks"']


def test_a_scaled_column_that_is_not_a_number_is_refused():
    pkg = ember()
    _trick(pkg)["scaled"]["recharge"] = {"from": {"abilityScore": "heart"}}
    assert problems_of(pkg) == [
        f'{TRICK}.scaled.recharge: column "recharge" of list "tricks" is an enum column; a scaled column is a number'
    ]


def test_a_scaled_column_reading_a_live_pool_is_refused():
    pkg = ember()
    _trick(pkg)["scaled"]["uses"]["from"] = {"livePool": "grit"}
    assert problems_of(pkg) == [
        f"{TRICK}.scaled.uses.from.livePool: a catalog's scaled column is worked out before there is live state, "
        'so it cannot read the live pool "grit"'
    ]


def test_a_scaled_column_reading_a_list_sum_through_a_derived_value_is_refused():
    # Burden is the sum of the packed gear's bulk.
    pkg = ember()
    _trick(pkg)["scaled"]["uses"]["from"] = {"derived": "burden"}
    assert problems_of(pkg) == [
        f"{TRICK}.scaled.uses.from.derived: a catalog's scaled column cannot read a list sum "
        '(derived value "burden" reads list "gear")'
    ]


def test_a_scaled_table_must_climb():
    pkg = ember()
    _trick(pkg)["scaled"]["uses"]["table"] = [[3, 2], [1, 1]]
    assert problems_of(pkg) == [
        f'{TRICK}.scaled.uses.table: "table" thresholds must be strictly ascending: row 1 (1) is not above row 0 (3)'
    ]


def test_an_asset_files_row_is_held_to_the_same_rules_and_names_its_file(tmp_path):
    # The 5e-srd folder's features.json: entries[1] is Action Surge (after the bard's
    # Countercharm), whose rows[1] writes the "counters" list (max 0..999).
    folder = tmp_path / "5e-srd"
    shutil.copytree(SRD, folder)
    features = json.loads((folder / "catalogs" / "features.json").read_text())
    assert features["entries"][1]["id"] == "fighter-action-surge"
    features["entries"][1]["rows"][1]["values"]["max"] = 1000
    (folder / "catalogs" / "features.json").write_text(json.dumps(features))
    _pkg, problems = validate_shipped(read_package(folder))
    assert problems.lines() == ["catalogs/features.json: entries[1].rows[1].values.max: must be from 0 to 999, not 1000"]
