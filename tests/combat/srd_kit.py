"""Marinara's first-party 5e (SRD 5.1) package as it ships (tests/data/upstream/5e-srd:
ruleset.json plus the catalog files its `catalogs[].asset` keys name), read by the
package loader (`load_package` of the folder; `read_package(...).data` for a copy a test
changes), and the party members the tests fight with.

Mira: a 3rd-level wizard (Intelligence 16: spell attack +5, spell save DC 13), Armor
Class 12, 18 hit points, four 1st-level and two 2nd-level slots, Magic Missile, False
Life, Fire Bolt and Bless prepared. Brom: a 3rd-level fighter (Strength 16, Constitution
14: Constitution save +4), Armor Class 16, 28 hit points, a longsword (1d8, +5 to hit).
`fighter`: a level-2 Fighter with the fighter features a test picks.
"""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import Any

from shared.ruleset import load_package
from shared.ruleset.package import Ruleset
from shared.ruleset.shipped import read_package
from tests.combat.kit import UPSTREAM, member, ruleset

SRD = UPSTREAM / "5e-srd"


@lru_cache(maxsize=1)
def _shipped() -> Any:
    return read_package(SRD).data


def srd_package() -> dict[str, Any]:
    """The folder read into one package (every asset's `entries` in its catalog), to change."""
    return copy.deepcopy(_shipped())


@lru_cache(maxsize=1)
def _srd() -> Ruleset:
    return load_package(SRD)


def srd(pkg: dict[str, Any] | None = None) -> Ruleset:
    """The package validated (as shipped when `pkg` is None)."""
    return _srd() if pkg is None else ruleset(pkg)


def entry(pkg: dict[str, Any], catalog: str, eid: str) -> dict[str, Any]:
    """One catalog entry of `pkg`, to change in a test."""
    found = next(c for c in pkg["catalogs"] if c["id"] == catalog)
    return next(e for e in found["entries"] if e["id"] == eid)


def spell_row(eid: str, name: str, level: int) -> dict[str, Any]:
    return {"name": name, "level": level, "prepared": True, "_catalog": f"spells/{eid}"}


def mira(*spells: tuple[str, str, int], **fields: Any) -> dict[str, Any]:
    rows = [spell_row(*s) for s in spells] or [
        spell_row("magic-missile", "Magic Missile", 1), spell_row("false-life", "False Life", 1),
        spell_row("fire-bolt", "Fire Bolt", 0), spell_row("bless", "Bless", 1)]
    return member("Mira", {
        "abilities": {"str": 8, "dex": 14, "con": 12, "int": 16, "wis": 10, "cha": 10},
        "fields": {"level": 3, "ac": 12, "hp_max": 18, "spellcasting_ability": "int",
                   "slots_max_1": 4, "slots_max_2": 2, **fields},
        "lists": {"spells": copy.deepcopy(rows)}})


def brom(**fields: Any) -> dict[str, Any]:
    return member("Brom", {
        "abilities": {"str": 16, "dex": 12, "con": 14, "int": 8, "wis": 10, "cha": 10},
        "saves": {"str_save": "proficient", "con_save": "proficient"},
        "fields": {"level": 3, "ac": 16, "hp_max": 28, **fields},
        "lists": {"attacks": [{"name": "Longsword", "ability": "str", "proficient": True, "bonus": 0,
                               "damage": "1d8", "damage_type": "slashing", "reach": 5}]}})


def fighter(name: str = "Brom", *, hp: int | None = None, features: tuple[str, ...] = (), **fields: Any) -> dict[str, Any]:
    """A level-2 Fighter: Str 16 (+3), Dex 12 (+1), Con 14, AC 16, 20 hit points, a Longsword
    (1d8 slashing, proficient: +2 + 3 = +5 to hit); `features` are fighter entries of the
    features catalog picked as the picker writes them (the feature row and, for an entry
    with one, its Class resources counter, both naming the entry)."""
    feats: list[dict[str, Any]] = []
    counters: list[dict[str, Any]] = []
    labels = {"second-wind": "Second Wind", "action-surge": "Action Surge"}
    for feature in features:
        ref = f"features/fighter-{feature}"
        feats.append({"name": labels[feature], "_catalog": ref})
        counters.append({"name": labels[feature], "max": 1, "recharge": "short", "_catalog": ref})
    sheet: dict[str, Any] = {
        "abilities": {"str": 16, "dex": 12, "con": 14, "int": 8, "wis": 10, "cha": 10},
        "fields": {"level": 2, "class": "Fighter", "hp_max": 20, "ac": 16, **fields},
        "lists": {"attacks": [{"name": "Longsword", "ability": "str", "proficient": True, "damage": "1d8",
                               "damage_type": "slashing", "reach": 5}],
                  "features": feats, "counters": counters},
    }
    if hp is not None:
        sheet["live"] = {"pools": {"hp": hp}}
    return member(name, sheet)
