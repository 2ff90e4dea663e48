"""Opponents written as sheets (spec/combat-2 "Opponents nobody wrote"), on Lantern Marsh
with chosen charms sorted by Path (tests/combat/sheet_kit.py). Tiers: Flicker 3-8 health,
defense 8, +3, 2-4 a round, save 9; Pack 8-16, 8, +3, 4-8, 10; Dread 18-32, 11, +5, 8-14, 12.
Breath maximum is 5 + Stamina + Might, so Stamina is the single field health is read from;
Guard is 7 + Nerve; a charm attack is Lore + Rank, its difficulty 7 + Lore + Rank."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from shared.combat import start_battle
from shared.combat.proposals import read_proposal
from shared.combat.sheet_open import find_entry, is_open
from shared.combat.sheet_reading import read_sheet
from shared.combat.sheet_top_up import top_up
from shared.sheet import SheetView
from tests.combat.kit import juno_marsh, ruleset
from tests.combat.sheet_kit import chosen_marsh

RS = ruleset(chosen_marsh())
TIERS = {t.id: t for t in RS.combat.threat.tiers}


def _fight(block: dict, seed: int = 7, **foe) -> tuple[list[str], object]:
    state, events = start_battle(RS, [juno_marsh()], [{"name": "Lamp hag", "statBlock": block, **foe}], seed=seed)
    return [e.text for e in events], state.combatant("lamp-hag")


def _sheet(path: str = "lamplighter", **parts) -> dict:
    return {"abilities": {"might": 1, "nerve": 1, "lore": 1}, "fields": {"path": path, "stamina": 3, "rank": 2}, **parts}


def test_a_sheet_is_read_leniently_with_a_sentence_per_change():
    raw = {"abilities": {"might": 9, "charisma": 3, "lore": 2.4}, "skills": {"wade": "PRACTICED", "swim": "practiced"},
           "fields": {"path": "Lamplighter", "stamina": "lots", "rank": 2}, "live": {"pools": {"breath": 1}},
           "lists": {"charms": [{"name": "bog hex", "prepared": True, "colour": "green"}, {"notes": "no name"}],
                     "spells": [{"name": "Fireball"}]}}
    sheet, notes = read_sheet(RS, "Lamp hag", raw)
    assert sheet == {"abilities": {"might": 4, "lore": 2}, "skills": {"wade": "practiced"},
                     "fields": {"path": "lamplighter", "rank": 2},
                     "lists": {"charms": [{"name": "Bog Hex", "notes": "Spend 1 oil: a Nerve save or Hexed until saved.",
                                           "_catalog": "charms/bog-hex", "prepared": True}]}}
    assert notes == [
        "Lamp hag's sheet: \"live\" is not a part of a creature's sheet, so it is dropped.",
        "Lamp hag's sheet: Might 9 is fitted to 4 (a whole number from -1 to 4).",
        "Lamp hag's sheet: ability 'charisma' is not one of this ruleset's, so it is dropped.",
        "Lamp hag's sheet: Lore 2.4 is fitted to 2 (a whole number from -1 to 4).",
        "Lamp hag's sheet: skill 'swim' is not one of this ruleset's, so it is dropped.",
        "Lamp hag's sheet: Path \"Lamplighter\" is fitted to \"lamplighter\".",
        "Lamp hag's sheet: Stamina \"lots\" cannot be held by that field, so it is dropped.",
        "Lamp hag's sheet: Charms \"bog hex\" is the catalog's Bog Hex.",
        "Lamp hag's sheet: Charms \"bog hex\": column 'colour' is not one of the list's, so it is dropped.",
        "Lamp hag's sheet: Charms \"row 2\" gives no Name, so the row is dropped.",
        "Lamp hag's sheet: list 'spells' is not one of this ruleset's, so it is dropped.",
    ]


def test_numbers_written_beside_a_sheet_are_not_used():
    block, notes = read_proposal(RS, TIERS["pack"], "Lamp hag",
                                 {"tier": "pack", "health": 40, "defense": 20, "sheet": _sheet()})
    assert block == {"tier": "pack", "sheet": _sheet()}
    assert notes == ["Lamp hag's \"health\", \"defense\" are written beside its sheet, so the sheet's own numbers "
                     "are used instead."]


def test_a_creature_keeps_only_what_its_path_opens_and_is_topped_up_from_the_seed():
    charms = [{"name": "Bog Hex", "_catalog": "charms/bog-hex"}, {"name": "Marsh Mend", "_catalog": "charms/marsh-mend"}]
    texts, hag = _fight({"tier": "pack", "sheet": _sheet(lists={"charms": charms})}, temperament="reckless")
    assert texts[:3] == [
        "Lamp hag's Marsh Mend is dropped: Charms is sorted by Path, and it is not open to a creature whose Path "
        "is lamplighter.",
        "Lamp hag's Bog Hex on Charms counts as chosen.",
        # Pack is the second tier: two a pool. Bog Hex already pays from Lamp oil.
        "Lamp hag's Charms is topped up from the fight's seed: Lantern Flare (paid from Lamp oil); "
        "Will Snuff (at will).",
    ]
    assert [r["_catalog"] for r in hag.sheet["lists"]["charms"]] == [
        "charms/bog-hex", "charms/lantern-flare", "charms/will-snuff"]
    assert all(r["prepared"] is True for r in hag.sheet["lists"]["charms"])
    again, _ = _fight({"tier": "pack", "sheet": _sheet(lists={"charms": charms})}, temperament="reckless")
    assert again == texts


def test_a_bottom_tier_creature_gets_one_a_pool_and_the_draw_follows_the_seed():
    drawn = set()
    for seed in range(12):
        texts, hag = _fight({"tier": "flicker", "sheet": _sheet()}, seed=seed)
        rows = hag.sheet["lists"]["charms"]
        assert len(rows) == 2 and rows[1]["_catalog"] == "charms/will-snuff"
        drawn.add(rows[0]["_catalog"])
    assert drawn == {"charms/lantern-flare", "charms/bog-hex", "charms/reed-ward"}


def test_a_boss_is_taken_as_written_but_still_held():
    charms = [{"name": "Marsh Mend", "_catalog": "charms/marsh-mend"}]
    texts, hag = _fight({"tier": "pack", "sheet": _sheet(lists={"charms": charms})}, boss=True)
    assert texts[0] == ("Lamp hag is a boss, so its sheet is taken as the GM wrote it: nothing is taken off it and "
                        "nothing is filled in.")
    assert hag.sheet["lists"]["charms"] == charms


def test_health_is_fitted_through_the_single_field_as_far_as_it_goes():
    low = {"tier": "dread", "sheet": {"abilities": {"might": -1}, "fields": {"path": "ferrier", "stamina": 0}}}
    texts, _ = _fight(low)
    assert "Lamp hag's Breath 4 is held to 10 (Dread: 18 to 32) through its Stamina, 0 to 6, as far as Stamina " \
           "goes (0 to 6)." in texts
    high = {"tier": "pack", "sheet": {"abilities": {"might": 4}, "fields": {"path": "ferrier", "stamina": 6}}}
    texts, hag = _fight(high)
    # 5 + 6 + 4 = 15 is inside Pack's 8 to 16; at Flicker Stamina goes from 6 to 0: 9, still above 8.
    assert not any("Breath" in t for t in texts[:3])
    texts, hag = _fight({**high, "tier": "flicker"})
    assert "Lamp hag's Breath 15 is held to 9 (Flicker: 3 to 8) through its Stamina, 6 to 0, as far as Stamina " \
           "goes (0 to 6)." in texts
    assert hag.sheet["fields"]["stamina"] == 0


def test_defense_to_hit_difficulty_and_damage_are_held_after_it_is_built():
    sheet = {"abilities": {"might": 4, "nerve": 4, "lore": 4}, "fields": {"path": "lamplighter", "rank": 5},
             "lists": {"kit": [{"name": "Hooked pole", "rolls": "might", "damage": "3d6", "harm": "cut"}],
                       "charms": [{"name": "Bog Hex", "_catalog": "charms/bog-hex"}]}}
    texts, hag = _fight({"tier": "pack", "sheet": sheet}, seed=7, temperament="reckless")
    assert texts[1] == ("Lamp hag's Charms is topped up from the fight's seed: Lantern Flare (paid from Lamp oil); "
                        "Will Snuff (at will).")
    assert texts[2:7] == [
        "Lamp hag's Guard 11 is held to 10 (at most 2 above Pack).",
        "Lamp hag's Lantern Flare to hit 9 is held to 5.",
        "Lamp hag's Will Snuff to hit 9 is held to 5.",
        "Lamp hag's Bog Hex difficulty 16 is held to 12.",
        # 3d6 + 4 = 14.5 -> 2d6 + 4 (11) -> 1d6 + 4 (7.5), inside Pack's 4 to 8.
        "Lamp hag's Hooked pole is scaled down to fit Pack's damage per round (4 to 8).",
    ]
    assert hag.held is not None
    assert hag.held.model_dump(mode="json") == {"defense": 10, "toHit": 5, "saveDifficulty": 12,
                                                "weapons": {"kit:hooked-pole": {"dice": "1d6+4", "strikes": 1}}}
    assert "Lamp hag attacks Juno with Hooked pole: 2 + 4 = 6 against Guard 8, a miss." in texts


def test_the_extras_a_bigger_payment_buys_are_reduced_first():
    sheet = {"abilities": {"might": 0}, "fields": {"path": "reed_cutter", "stamina": 6, "rank": 3},
             "lists": {"charms": [{"name": "cinder burst"}]}}
    texts, ash = _fight({"tier": "dread", "sheet": read_sheet(RS, "Lamp hag", sheet)[0]})
    # 4d8 + 2d8 from the Great lamp = 27 a round: no step (18), then 3d8 (13.5), inside 8 to 14.
    assert "Lamp hag's Cinder Burst gains nothing from a bigger payment (it could pay 1 step more)." in texts
    assert "Lamp hag's Cinder Burst is scaled down to fit Dread's damage per round (8 to 14)." in texts
    assert ash.held is not None
    assert ash.held.model_dump(mode="json") == {"entries": {"charms/cinder-burst": {"dice": "3d8", "flat": 0, "steps": 0}}}


@given(st.sampled_from(["lamplighter", "ferrier", "reed_cutter"]), st.sampled_from(sorted(TIERS)),
       st.integers(0, 2**31), st.sampled_from([None, "reckless", "protective", "patient"]), st.integers(1, 5))
@settings(max_examples=60, deadline=None)
def test_a_top_up_gives_only_open_payable_entries_a_few_a_pool_and_the_same_each_time(path, tier, seed, temper, rank):
    def filled() -> tuple[dict, list[str]]:
        sheet = {"fields": {"path": path, "rank": rank}}
        return sheet, top_up(RS, "X", sheet, tier, temper, seed)

    sheet, notes = filled()
    assert filled() == (sheet, notes)
    view = SheetView(RS, sheet)
    level = list(TIERS).index(tier) + 1
    rows = (sheet.get("lists") or {}).get("charms") or []
    assert len(rows) <= 2 * level and len({r["_catalog"] for r in rows}) == len(rows)
    for row in rows:
        cat, entry = find_entry(RS, row["_catalog"])
        assert is_open(RS, view, cat, entry) and row["prepared"] is True


def test_a_row_with_a_blank_required_cell_is_dropped_like_a_row_without_it():
    # A blank name is no name (the row rule a character's and a catalog's rows share), so
    # the row goes and the rest of the sheet is kept.
    raw = _sheet(lists={"charms": [{"name": "", "notes": "a nameless charm"}]})
    sheet, notes = read_sheet(RS, "Lamp hag", raw)
    assert sheet is not None and "lists" not in sheet
    assert notes == ["Lamp hag's sheet: Charms \"row 1\" gives no Name, so the row is dropped."]
