"""Picking a catalog entry writes a row copy with a catalog mark; `scaled` columns are
worked out on the pick and on each edit, never on a read, fitted to the column's range; a
new ruleset version never rewrites a character; "refresh from ruleset" offers only newer
text-like cells (issue 22, section 2). On the upstream packages: Ember Roads' Last Ember
(its "uses" column scaled from Heart, a 0..9 number column), the 5e-srd sample's spells
and Marinara's Barbarian Rage (uses step table [[1, 2], [3, 3], [6, 4], [12, 5], [17, 6]])."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from shared.ruleset import load_package
from shared.ruleset.layer_choice import with_layers
from shared.sheet import compute_sheet_json, load_character
from shared.sheet.ops import advance
from shared.sheet.picks import RefreshOffer, pick, refresh, refresh_offers, rescale
from shared.sheet.refusal import Refusal
from tests.conftest import UPSTREAM
from tests.ruleset.srd import srd_package
from tests.sheet.test_scaled_columns import srd_with_rage

EMBER = json.loads((UPSTREAM / "ember-roads.json").read_text())
LAST_EMBER_NOTES = "Spend 1 Grit to give a downed friend 3 Grit back. Once between camps for each point of Heart."


def ember(data: dict[str, Any] | None = None) -> Any:
    return load_package(copy.deepcopy(data or EMBER))


def juno(heart: int) -> dict[str, Any]:
    return {"abilities": {"heart": heart}}


def test_picking_last_ember_writes_both_rows_as_marked_copies_with_uses_from_heart():
    ruleset = ember()
    sheet = pick(ruleset, juno(2), "knacks/last-ember")
    assert sheet["lists"] == {
        "knacks": [{"name": "Last Ember", "notes": LAST_EMBER_NOTES, "_catalog": "knacks/last-ember"}],
        # Written with "uses": 1, scaled from Heart 2: 2.
        "tricks": [{"name": "Last Ember", "uses": 2, "recharge": "camp", "_catalog": "knacks/last-ember"}],
    }
    # The copy is a character the sheet accepts, and its pool is the 2 uses.
    character = load_character(ruleset, {"name": "Juno", "sheet": sheet})
    assert compute_sheet_json(ruleset, character)["pools"]["tricks:last-ember"] == {"current": 2, "max": 2}


def test_a_scaled_value_is_fitted_to_the_columns_range():
    # "uses" is 0..9: Heart -1 writes 0 uses (no pool at all), never -1.
    sheet = pick(ember(), juno(-1), "knacks/last-ember")
    assert sheet["lists"]["tricks"][0]["uses"] == 0


def test_the_barbarians_rage_is_scaled_on_the_pick_and_again_on_each_edit():
    ruleset = srd_with_rage()
    sheet = pick(ruleset, {"fields": {"class": "Barbarian", "level": 5}}, "features/barbarian-rage")
    # Level 5 reaches the [3, 3] step: the row written with max 2 is stored with 3.
    assert sheet["lists"]["counters"] == [{"name": "Rage", "max": 3, "recharge": "long",
                                           "_catalog": "features/barbarian-rage"}]
    assert sheet["lists"]["features"][0]["_catalog"] == "features/barbarian-rage"
    # Levelling up is an edit: level 6 reaches [6, 4], level 17 [17, 6], 20 stays 6.
    for level, rage in ((6, 4), (17, 6), (20, 6)):
        sheet = advance(ruleset, sheet, "level", to=level)
        assert not isinstance(sheet, Refusal)
        assert sheet["lists"]["counters"][0]["max"] == rage


def test_reading_a_sheet_never_writes_its_scaled_columns():
    ruleset = srd_with_rage()
    sheet = pick(ruleset, {"fields": {"class": "Barbarian", "level": 5}}, "features/barbarian-rage")
    stored = copy.deepcopy(sheet)
    character = load_character(ruleset, {"name": "Brakka", "sheet": sheet})
    compute_sheet_json(ruleset, character)
    assert sheet == stored
    # A sheet already in step is the very same object after a rescale: nothing to write.
    assert rescale(ruleset, sheet) is sheet


def test_a_5e_spell_pick_is_a_copy_the_player_can_edit():
    ruleset = load_package(srd_package())
    sheet = pick(ruleset, {"fields": {"class": "Wizard", "level": 5}}, "spells/fireball")
    row = sheet["lists"]["spells"][0]
    assert row["_catalog"] == "spells/fireball"
    assert (row["name"], row["level"], row["prepared"]) == ("Fireball", 3, False)
    # The player prepares it: the copy changes, the catalog does not.
    sheet["lists"]["spells"][0]["prepared"] = True
    again = pick(ruleset, {}, "spells/fireball")
    assert again["lists"]["spells"][0]["prepared"] is False


def test_picks_that_write_no_row_are_refused_and_change_nothing():
    ruleset = ember()
    start = juno(1)
    refusals = [pick(ruleset, start, ref) for ref in
                ("spells/fireball", "knacks/fireball", "outfitter/rope", "road_trouble/ash-hound")]
    assert [(r.code, r.message) for r in refusals if isinstance(r, Refusal)] == [
        ("unknown-catalog", 'there is no catalog "spells" in this ruleset'),
        ("unknown-entry", 'catalog "knacks" has no entry "fireball"'),
        ("not-pickable", 'catalog "outfitter" holds items, and writes nothing onto a sheet'),
        ("not-pickable", 'catalog "road_trouble" holds creatures, and writes nothing onto a sheet'),
    ]
    # Limited tricks hold at most 12 rows: a 13th is refused and nothing is written.
    full = {**start, "lists": {"tricks": [{"name": f"Trick {i}"} for i in range(12)]}}
    refused = pick(ruleset, full, "knacks/last-ember")
    assert refused == Refusal("list-full", "Limited tricks holds at most 12 rows")
    assert len(full["lists"]["tricks"]) == 12 and "knacks" not in full["lists"]


def newer_ember() -> dict[str, Any]:
    """Ember Roads version 2: Last Ember's notes reworded, its trick coming back each scene
    and written with 3 uses (numbers and choices, not text)."""
    data = copy.deepcopy(EMBER)
    data["version"] = EMBER["version"] + 1
    entry = next(e for e in data["catalogs"][0]["entries"] if e["id"] == "last-ember")
    entry["rows"][0]["values"]["notes"] = "Spend 1 Grit: a downed friend gets 3 Grit back. Once a camp per Heart."
    entry["rows"][1]["values"].update({"uses": 3, "recharge": "scene"})
    return data


def test_a_new_version_rewrites_nothing_and_refresh_offers_only_the_newer_text():
    old, new = ember(), ember(newer_ember())
    sheet = pick(old, juno(2), "knacks/last-ember")
    kept = copy.deepcopy(sheet)
    # Loading and reading the character under version 2 leaves every cell as picked.
    character = load_character(new, {"name": "Juno", "sheet": sheet})
    compute_sheet_json(new, character)
    assert sheet == kept and character.sheet["lists"] == kept["lists"]
    # Only the reworded notes are offered: not "uses" (a number) nor "recharge" (a choice).
    offers = refresh_offers(new, sheet)
    assert offers == [RefreshOffer("knacks", 0, "knacks/last-ember", "notes", LAST_EMBER_NOTES,
                                   "Spend 1 Grit: a downed friend gets 3 Grit back. Once a camp per Heart.")]
    assert offers[0].as_dict()["column"] == "notes"
    refreshed = refresh(new, sheet, offers)
    assert refreshed["lists"]["knacks"][0]["notes"] == offers[0].offered
    assert refreshed["lists"]["tricks"] == kept["lists"]["tricks"]
    assert refresh_offers(new, refreshed) == []
    # Under the version it was picked from there is nothing newer.
    assert refresh_offers(old, sheet) == []


def test_a_cell_the_player_rewrote_is_offered_back_only_when_the_ruleset_changed_it():
    old, new = ember(), ember(newer_ember())
    sheet = pick(old, juno(2), "knacks/last-ember")
    sheet["lists"]["knacks"][0]["name"] = "Juno's Ember"
    # Against any ruleset the rename differs from the entry's text ...
    assert [o.column for o in refresh_offers(new, sheet)] == ["name", "notes"]
    # ... but since version 1 only the notes are newer.
    assert [o.column for o in refresh_offers(new, sheet, since=old)] == ["notes"]
    # An offer taken after its cell was edited again is skipped.
    offer = refresh_offers(new, sheet, since=old)[0]
    sheet["lists"]["knacks"][0]["notes"] = "my own words"
    assert refresh(new, sheet, [offer], since=old)["lists"]["knacks"][0]["notes"] == "my own words"


@settings(max_examples=40, deadline=None)
@given(heart=st.integers(min_value=-5, max_value=20))
def test_scaled_uses_always_sit_in_the_columns_range(heart):
    # Heart within whatever the sheet allows: uses is max(0, min(9, Heart)).
    ruleset = ember()
    sheet = pick(ruleset, juno(heart), "knacks/last-ember")
    assert sheet["lists"]["tricks"][0]["uses"] == max(0, min(9, heart))


def test_an_entry_a_layer_on_hides_is_refused_and_the_sheet_is_unchanged():
    # Ember Roads' hard_winter hides the knacks of grit above 0 from the picker: Coldfire
    # Toss (grit 1) is refused with the layer's name; Smother (grit 0) is picked.
    winter = with_layers(ember(), ["hard_winter"])
    sheet = juno(2)
    assert pick(winter, sheet, "knacks/coldfire-toss") == Refusal(
        "hidden-by-layer", 'the layer "hard_winter" (Hard winter) hides Coldfire Toss from the picker')
    assert sheet == juno(2)
    picked = pick(winter, sheet, "knacks/smother")
    assert not isinstance(picked, Refusal)
    assert picked["lists"]["knacks"][0]["_catalog"] == "knacks/smother"
    # Without the layer the same entry is picked.
    assert not isinstance(pick(ember(), sheet, "knacks/coldfire-toss"), Refusal)
