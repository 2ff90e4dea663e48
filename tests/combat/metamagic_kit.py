"""Marinara's 5e (SRD 5.1) package as it ships (tests/data/upstream/5e-srd) with Metamagic
(mechanics-2 1.253-1.255) written beside the vendored `sorcerer-metamagic` feature, as the
spec writes each option: the package has one entry for the feature (its text names Careful
Spell and refers to the SRD for the rest) and no entry per option, so each option is an
entry of its own here, a `utility` whose uses are the vendored Font of Magic's Sorcery
Points (`usesOf`), with the SRD's price (`usesSpent`, or `usesSpentByLevel` for Twinned).

Sera: a level-5 sorcerer, Charisma 16 (+3), proficiency +3: spell attack +6, spell save
DC 8 + 3 + 3 = 14; Sorcery Points 5 (the vendored counter's table at level 5); four 1st-,
three 2nd- and two 3rd-level slots; Fire Bolt (2d10 at level 5: the entry's `scales` adds
one die from level 5), Fireball (8d6, Dexterity save for half), Hold Person (Wisdom save
or paralyzed) and Burning Hands (3d6). Armor Class 12, 32 hit points.
"""

from __future__ import annotations

import copy
from typing import Any

from tests.combat.kit import add_condition, member
from tests.combat.zones_kit import COMPONENTS
from tests.combat.srd_kit import entry, spell_row, srd_package


def _option(slug: str, label: str, summary: str, alters: dict[str, Any], *, spent: int | None = 1) -> dict[str, Any]:
    mech: dict[str, Any] = {"kind": "utility", "usesOf": "Sorcery Points", "alters": alters}
    if spent is None:
        mech["usesSpentByLevel"] = True
    else:
        mech["usesSpent"] = spent
    return {"id": f"metamagic-{slug}", "label": label, "summary": summary, "mechanics": mech}


#: The SRD's options, each as 1.253 writes its change.
CAREFUL = _option("careful-spell", "Careful Spell",
                  "When you cast a spell that forces other creatures to make a saving throw, you can protect some of "
                  "those creatures from the spell's full force.",
                  {"catalogs": ["spells"], "spares": {"abilityMod": "cha"}})
EMPOWERED = _option("empowered-spell", "Empowered Spell",
                    "When you roll damage for a spell, you can spend 1 sorcery point to reroll a number of the damage "
                    "dice up to your Charisma modifier.",
                    {"catalogs": ["spells"], "rerolls": 3, "joins": True})
HEIGHTENED = _option("heightened-spell", "Heightened Spell",
                     "When you cast a spell that forces a creature to make a saving throw to resist its effects, you "
                     "can spend 3 sorcery points to give one target of the spell disadvantage on its first saving "
                     "throw made against the spell.",
                     {"catalogs": ["spells"], "heightens": True}, spent=3)
QUICKENED = _option("quickened-spell", "Quickened Spell",
                    "When you cast a spell that has a casting time of 1 action, you can spend 2 sorcery points to "
                    "change the casting time to 1 bonus action for this casting.",
                    {"catalogs": ["spells"], "budget": {"from": "action", "to": "bonus"}}, spent=2)
TWINNED = _option("twinned-spell", "Twinned Spell",
                  "When you cast a spell that targets only one creature and doesn't have a range of self, you can "
                  "spend a number of sorcery points equal to the spell's level to target a second creature in range "
                  "with the same spell (1 sorcery point if the spell is a cantrip).",
                  {"catalogs": ["spells"], "twins": True}, spent=None)

DISTANT = _option("distant-spell", "Distant Spell",
                  "When you cast a spell that has a range of 5 feet or greater, you can spend 1 sorcery point to "
                  "double the range of the spell. When you cast a spell that has a range of touch, you can spend 1 "
                  "sorcery point to make the range of the spell 30 feet.",
                  {"catalogs": ["spells"], "range": {"times": 2, "touch": 30}})

OPTIONS = {"careful": CAREFUL, "distant": DISTANT, "empowered": EMPOWERED, "heightened": HEIGHTENED, "quickened": QUICKENED,
           "twinned": TWINNED}


def metamagic_package() -> dict[str, Any]:
    """The package with every option but Subtle (whose `drops` need `combat.components`:
    `subtle_package`)."""
    pkg = srd_package()
    feats = next(c for c in pkg["catalogs"] if c["id"] == "features")
    feats["entries"] += [copy.deepcopy(o) for key, o in OPTIONS.items() if key != "subtle"]
    return pkg


SPELLS = (("fire-bolt", "Fire Bolt", 0), ("fireball", "Fireball", 3), ("hold-person", "Hold Person", 2),
          ("burning-hands", "Burning Hands", 1))


def sera(*options: str, points: int | None = None) -> dict[str, Any]:
    feats = [{"name": "Font of Magic", "_catalog": "features/sorcerer-font-of-magic"},
             {"name": "Metamagic", "_catalog": "features/sorcerer-metamagic"}]
    feats += [{"name": OPTIONS[o]["label"], "_catalog": f"features/{OPTIONS[o]['id']}"} for o in options]
    sheet: dict[str, Any] = {
        "abilities": {"str": 8, "dex": 14, "con": 14, "int": 10, "wis": 10, "cha": 16},
        "saves": {"con_save": "proficient", "cha_save": "proficient"},
        "fields": {"level": 5, "class": "Sorcerer", "hp_max": 32, "ac": 12, "spellcasting_ability": "cha",
                   "slots_max_1": 4, "slots_max_2": 3, "slots_max_3": 2},
        "lists": {"features": feats, "spells": [spell_row(*s) for s in SPELLS],
                  "counters": [{"name": "Sorcery Points", "max": 5, "recharge": "long",
                                "_catalog": "features/sorcerer-font-of-magic"}]}}
    if points is not None:
        sheet["live"] = {"pools": {"counters:sorcery-points": points}}
    return member("Sera", sheet)


#: Subtle Spell (1 point) drops the verbal and somatic components; with Silence-like
#: "Gagged" (forbidding the verbal one) a spell needing it is castable only with Subtle.
SUBTLE = _option("subtle-spell", "Subtle Spell",
                 "When you cast a spell, you can spend 1 sorcery point to cast it without any somatic or verbal "
                 "components.",
                 {"catalogs": ["spells"], "drops": ["verbal", "somatic"]})
OPTIONS["subtle"] = SUBTLE
#: The SRD's components: Hold Person V, S, M; Fireball V, S, M; Fire Bolt V, S.
SRD_COMPONENTS = {"hold-person": ["verbal", "somatic", "material"], "fireball": ["verbal", "somatic", "material"],
                  "fire-bolt": ["verbal", "somatic"]}


def subtle_package(*, counter: bool = False) -> dict[str, Any]:
    """`metamagic_package` with the 5e components (zones_kit.COMPONENTS) on the SRD spells
    Sera casts, a condition "Gagged" forbidding the verbal one, and, with `counter`, the
    Mage answering a spell's casting with a reaction that stops it (Counterspell as a stat
    block's reaction: the package's Counterspell entry is `reaction: true`, no window answer)."""
    pkg = metamagic_package()
    pkg["combat"]["components"] = copy.deepcopy(COMPONENTS)
    next(c for c in pkg["catalogs"] if c["id"] == "features")["entries"].append(copy.deepcopy(SUBTLE))
    add_condition(pkg, "gagged", "Gagged", forbids={"components": ["verbal"]})
    for eid, needs in SRD_COMPONENTS.items():
        entry(pkg, "spells", eid)["mechanics"]["components"] = list(needs)
    if counter:
        entry(pkg, "creatures", "mage")["creature"].setdefault("actions", []).append(copy.deepcopy(COUNTER))
    return pkg


COUNTER = {"id": "counter", "name": "Counter", "budget": "reaction",
           "reaction": {"on": "used", "cancels": True, "against": {"catalogs": ["spells"]}}}
