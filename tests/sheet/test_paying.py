"""Paying for an entry on the sheet (shared/sheet/paying.py, spec/abilities.md "Cost",
"Uses", "Spell slots", "Refusals in words"), on the vendored upstream packages with the
numbers worked out by hand from their entries.

Tobin (Ember Roads): Heart 1, toughness 2, Brawn 0, so Grit maximum 4 + 2 + 0 = 6 (the
`grit_max` derived value), held at 2; Luck maximum 3. Picking Last Ember writes its knack
row and its trick row, whose `uses` is scaled from Heart: 1 use, back at camp. Last Ember's
mechanics cost 1 Grit.

Mira (5e SRD): a 7th-level wizard with two 3rd-level slots and one 4th-level slot.
Fireball's cost is one `slots_3`; `battle.slots` gives slots_3 level 3 and slots_4 level 4.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from shared.ruleset.base import Bounds
from shared.ruleset.load import load_package
from shared.sheet import SheetView, rest
from shared.sheet.paying import Paid, entry_amount, entry_costs, pay
from shared.sheet.picks import pick
from shared.sheet.refusal import Refusal
from shared.sheet.uses import find_entry
from tests.conftest import UPSTREAM


@lru_cache(maxsize=None)
def ember() -> Any:
    return load_package(json.loads((UPSTREAM / "ember-roads.json").read_text()))


@lru_cache(maxsize=None)
def srd() -> Any:
    return load_package(UPSTREAM / "5e-srd")


def tobin(grit: int = 2, **pools: int) -> dict[str, Any]:
    sheet = {"abilities": {"heart": 1}, "fields": {"toughness": 2}, "live": {"pools": {"grit": grit, **pools}}}
    for ref in ("knacks/last-ember", "knacks/hold-the-line", "knacks/road-sense"):
        sheet = pick(ember(), sheet, ref)
    return sheet


def mira(**pools: int) -> dict[str, Any]:
    sheet = {"abilities": {"str": 8, "dex": 14, "con": 12, "int": 16, "wis": 12, "cha": 10},
             "fields": {"level": 7, "class": "Wizard", "hp_max": 40, "spellcasting_ability": "int",
                        "slots_max_1": 4, "slots_max_3": 2, "slots_max_4": 1},
             "live": {"pools": pools}}
    return pick(srd(), sheet, "spells/fireball")


def _pay(ruleset: Any, sheet: dict[str, Any], name: str, level: int | None = None) -> Paid | Refusal:
    known = find_entry(ruleset, sheet, name)
    assert not isinstance(known, Refusal), known
    return pay(ruleset, sheet, known.ref, known.entry, name=known.name, level=level)


def _pools(ruleset: Any, sheet: dict[str, Any]) -> dict[str, int]:
    view = SheetView(ruleset, sheet)
    return {key: view.pool(key)[1] for key in view.pools()}  # type: ignore[index]


def test_last_ember_pays_one_grit_and_its_row_use_then_is_spent_until_the_next_camp():
    sheet = tobin()
    assert _pools(ember(), sheet) == {"grit": 2, "luck": 3, "tricks:last-ember": 1}
    known = find_entry(ember(), sheet, "Last Ember")
    assert entry_costs(SheetView(ember(), sheet), known.ref, known.entry) == [("grit", 1), ("tricks:last-ember", 1)]
    paid = _pay(ember(), sheet, "Last Ember")
    assert isinstance(paid, Paid)
    # Grit 2 - 1 = 1 of 6; the trick's 1 use - 1 = 0 of 1.
    assert paid.words() == "1 Grit (1 of 6 left), 1 use of Last Ember (0 of 1 left)"
    assert _pools(ember(), paid.sheet) == {"grit": 1, "luck": 3, "tricks:last-ember": 0}
    again = _pay(ember(), paid.sheet, "Last Ember")
    assert again == Refusal("spent", "Last Ember is spent until the next camp")
    # Making camp fills Grit and the camp tricks: the knack can be used again.
    rested = rest(ember(), paid.sheet, "camp")
    assert _pools(ember(), rested)["tricks:last-ember"] == 1
    assert isinstance(_pay(ember(), rested, "Last Ember"), Paid)


def test_a_row_no_rest_gives_back_is_spent_until_its_own_recharge_word():
    """Last Ember's trick set to come back each scene: no rest restores a scene trick."""
    sheet = tobin(**{"tricks:last-ember": 0})
    sheet["lists"]["tricks"][0]["recharge"] = "scene"
    assert _pay(ember(), sheet, "Last Ember") == Refusal("spent", "Last Ember is spent until the next scene")


def test_uses_are_checked_before_the_price():
    """Spec step 2: whether uses remain comes before whether the cost can be paid."""
    sheet = tobin(grit=0, **{"tricks:last-ember": 0})
    assert _pay(ember(), sheet, "Last Ember") == Refusal("spent", "Last Ember is spent until the next camp")
    sheet = tobin(grit=0)
    assert _pay(ember(), sheet, "Last Ember") == Refusal("not-enough", "Not enough Grit (need 1, 0 left)")


def test_a_spend_needs_that_much_left():
    """Hold the Line costs 1 Luck; with 0 Luck left it is refused and nothing is paid."""
    sheet = tobin(luck=0)
    assert _pay(ember(), sheet, "Hold the Line") == Refusal("not-enough", "Not enough Luck (need 1, 0 left)")
    paid = _pay(ember(), tobin(luck=2), "Hold the Line")
    assert isinstance(paid, Paid) and paid.words() == "1 Luck (1 of 3 left)"


def test_an_entry_with_no_cost_succeeds_and_changes_nothing():
    sheet = tobin()
    paid = _pay(ember(), sheet, "Road Sense")
    assert isinstance(paid, Paid)
    assert (paid.terms, paid.sheet, paid.words()) == ((), sheet, "nothing")


def test_second_wind_is_spent_until_the_next_rest():
    """5e's Second Wind pick writes a Class resources counter (max 1, back on a short rest):
    the rest that gives it back is "Short rest", read by its last word."""
    sheet = pick(srd(), {"fields": {"level": 3, "class": "Fighter", "hp_max": 28}}, "features/fighter-second-wind")
    paid = _pay(srd(), sheet, "Second Wind")
    assert isinstance(paid, Paid) and paid.words() == "1 use of Second Wind (0 of 1 left)"
    assert _pay(srd(), paid.sheet, "Second Wind") == Refusal("spent", "Second Wind is spent until the next rest")


def test_a_slot_cost_pays_the_lowest_slot_of_its_level_or_higher_left():
    sheet = mira()
    first = _pay(srd(), sheet, "Fireball")
    assert isinstance(first, Paid)
    assert (first.level, first.base_level, first.steps) == (3, 3, 0)
    assert first.words() == "a level 3 spell slot (1 of 2 left)"
    second = _pay(srd(), first.sheet, "Fireball")
    assert isinstance(second, Paid) and second.words() == "a level 3 spell slot (0 of 2 left)"
    # No 3rd-level slot left: the 4th-level one is the lowest of level 3 or higher.
    third = _pay(srd(), second.sheet, "Fireball")
    assert isinstance(third, Paid) and (third.level, third.steps) == (4, 1)
    assert _pay(srd(), third.sheet, "Fireball") == Refusal("no-slot", "No spell slot of level 3 or higher left")


def test_upcasting_pays_the_slot_asked_for_and_formulas_read_it():
    """Fireball is 8d6 and `perCostStep` 1d6: (@slot + 5)d6, so a 4th-level slot is 9d6."""
    sheet = mira()
    known = find_entry(srd(), sheet, "fireball")
    paid = _pay(srd(), sheet, "Fireball", level=4)
    assert isinstance(paid, Paid) and (paid.level, paid.steps) == (4, 1)
    view = SheetView(srd(), paid.sheet)
    mech = known.entry.mechanics
    assert str(entry_amount(view, mech.amount, mech, paid.steps)) == "9d6"
    assert str(entry_amount(view, mech.amount, mech, 0)) == "8d6"
    assert _pay(srd(), paid.sheet, "Fireball", level=4) == Refusal("no-slot", "No spell slot of level 4 or higher left")
    assert _pay(srd(), sheet, "Fireball", level=2) == Refusal("bad-level", "Fireball is used at level 3 or higher, not 2")
    assert _pay(srd(), sheet, "Fireball", level=5) == Refusal("no-slot", "No spell slot of level 5 or higher left")


def test_a_caster_with_no_slots_at_all_is_refused_in_the_same_words():
    sheet = mira(slots_3=0, slots_4=0)
    assert _pay(srd(), sheet, "Fireball") == Refusal("no-slot", "No spell slot of level 3 or higher left")


def test_requirements_are_checked_first():
    """`usableWhen` on Last Ember (Heart at least 2): Tobin's Heart of 1 is refused, paying nothing."""
    sheet = tobin()
    known = find_entry(ember(), sheet, "Last Ember")
    mech = known.entry.mechanics.model_copy(update={"usableWhen": Bounds.model_validate(
        {"value": {"abilityScore": "heart"}, "atLeast": 2})})
    entry = known.entry.model_copy(update={"mechanics": mech})
    refused = pay(ember(), sheet, known.ref, entry, name="Last Ember")
    assert refused == Refusal("not-usable", "Last Ember cannot be used now: it needs at least 2, and the sheet gives 1")


def test_a_renamed_row_is_found_by_its_own_name_and_by_the_entry_label():
    sheet = tobin()
    sheet["lists"]["knacks"][0]["name"] = "Ember's Gift"
    assert find_entry(ember(), sheet, "ember's gift").ref == "knacks/last-ember"
    assert find_entry(ember(), sheet, "Last Ember").ref == "knacks/last-ember"
    assert find_entry(ember(), sheet, "Fireball") == Refusal(
        "unknown-entry", "Fireball is not one of this character's spells and features")


def test_a_row_whose_catalog_cannot_be_loaded_is_no_entry():
    sheet = tobin()
    sheet["lists"]["knacks"].append({"name": "Old Trick", "_catalog": "lost/old-trick"})
    assert find_entry(ember(), sheet, "Old Trick") == Refusal(
        "unknown-entry", "Old Trick is not one of this character's spells and features")


@settings(max_examples=60, deadline=None)
@given(grit=st.integers(0, 6), luck=st.integers(0, 3), uses=st.integers(0, 1),
       name=st.sampled_from(["Last Ember", "Hold the Line", "Road Sense"]))
def test_paying_is_all_or_nothing_and_pools_stay_in_range(grit: int, luck: int, uses: int, name: str) -> None:
    sheet = tobin(grit=grit, luck=luck, **{"tricks:last-ember": uses})
    before = json.dumps(sheet, sort_keys=True)
    pools = _pools(ember(), sheet)
    paid = _pay(ember(), sheet, name)
    assert json.dumps(sheet, sort_keys=True) == before  # the input is never changed
    if isinstance(paid, Refusal):
        return
    after = _pools(ember(), paid.sheet)
    view = SheetView(ember(), paid.sheet)
    for key, info in view.pools().items():
        assert 0 <= after[key] <= info.max
    spent = {t.pool: t.amount for t in paid.terms}
    assert after == {key: value - spent.get(key, 0) for key, value in pools.items()}
