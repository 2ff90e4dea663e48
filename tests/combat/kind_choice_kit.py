"""A kind named at casting (spec/mechanics-3 1.270, 1.274) on Marinara's 5e package: the
vendored 5e-srd (tests/data/upstream/5e-srd) with creature types declared (`combat.creatureTypes`,
schemaVersion 2) from each creature's own `filters.type` (the Imp a fiend, the Giant Spider a
beast, the Goblin a humanoid; the party humanoids by default) and a tag `devil` the Imp
carries (its SRD alignment line: "fiend (devil)").

Antipathy/Sympathy is the package's own entry (`spells/antipathysympathy`, vendored
verbatim). Upstream it carries no `kindChoice` and applies nothing (only a Wisdom save and
a 97.5-foot burst, as a `utility` entry a fight does not offer), so its `mechanics` are written
here as the spec spells them out (1.270:
"So 5e's Antipathy puts a condition on the target whose aura, with `side: "all"`,
frightens the chosen kind within 60 feet ..., and the frightened move away (`moves:
"away"`), while those charmed by Sympathy come toward it"), as a `buff`: Mira names a kind
and aims it at an ally within 60 feet (the spell's range), who then holds `antipathy` for
100 rounds (the spell's 10 days outlast any fight); its aura
(60 feet, everyone, `chosenKind`) spreads `frightened_by_antipathy` (the SRD's frightened
effects and `behavior.moves: "away"`); in full (`ANTIPATHY_SAVE_AURA`) the aura calls for
the kind's Wisdom save at Mira's DC instead, and what a failure puts on ends with a save
rolled only beyond 60 feet and out of sight.

Sympathy is read from a Spell Scroll (SRD 5.1 "Spell Scroll": reading it casts the spell;
the package has no item catalog, so the scroll is written here, a `buff` use (an item use
of kind `utility` only leaves a standing area, 1.181), like
tests/combat/test_item_use_keys.py's), whose `use` names the kind (1.274): `sympathy`
spreads `charmed_by_sympathy` (`moves: "toward"`, and `keepsIn` 5 feet: SRD "it can't
willingly move away from the target").

Attribution: SRD 5.1 by Wizards of the Coast LLC, CC-BY-4.0 (tests/data/upstream/SOURCES.md).
"""

from __future__ import annotations

import copy
from typing import Any

from tests.combat.item_kit import carry
from tests.combat.kit import add_condition
from tests.combat.srd_kit import entry, mira, srd_package

KINDS = ("aberration", "beast", "dragon", "fiend", "humanoid", "monstrosity", "undead")

ANTIPATHY = {"kind": "buff", "range": 60, "targets": "ally", "kindChoice": True,
             "applies": [{"condition": "antipathy", "duration": {"rounds": 100}}],
             "cost": [{"pool": "slots_8", "amount": 1}]}
ANTIPATHY_AURA = {"auras": [{"distance": 60, "side": "all", "chosenKind": True, "conditions": ["frightened_by_antipathy"]}]}
#: Antipathy in full (1.265, 1.270, 1.274): the chosen kind within 60 feet or in sight
#: (`orSeen`) makes a Wisdom save as its turn starts, against the caster's spell save DC
#: fixed when the spell was cast (`appliedDifficulty`), or is frightened until it ends a
#: turn more than 60 feet from the holder and unable to see it (`beyond`, `unseen`).
ANTIPATHY_SAVE_AURA = {"auras": [{
    "distance": 60, "side": "all", "chosenKind": True, "orSeen": True,
    "save": {"save": "wis_save", "appliedDifficulty": True,
             "applies": [{"condition": "frightened_by_antipathy", "duration": "until-save",
                          "saveEnds": {"save": "wis_save", "at": "turn-end", "beyond": 60, "unseen": True}}]}}]}
FRIGHTENED = {"effects": ["own-attacks-disadvantage", "cannot-approach-source"], "behavior": {"moves": "away"}}
SYMPATHY_AURA = {"auras": [{"distance": 60, "side": "all", "chosenKind": True, "conditions": ["charmed_by_sympathy"]}]}
CHARMED = {"behavior": {"moves": "toward", "keepsIn": 5}}
SYMPATHY_SCROLL = {"id": "sympathy-scroll", "label": "Spell Scroll (Sympathy)",
                   "summary": "Reading it casts Antipathy/Sympathy (Sympathy) without a slot.",
                   "item": {"category": "scroll", "stack": 10,
                            "use": {"kind": "buff", "range": 60, "targets": "ally", "kindChoice": True,
                                    "applies": [{"condition": "sympathy", "duration": {"rounds": 100}}]}}}


def package(*, antipathy: dict[str, Any] | None = None, aura: dict[str, Any] | None = None) -> dict[str, Any]:
    """The package; `antipathy` replaces the spell's mechanics and `aura` the `antipathy`
    condition's rule (a probe's change)."""
    pkg = srd_package()
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 278}
    pkg["combat"]["creatureTypes"] = {"types": [{"id": k, "label": k.capitalize()} for k in KINDS],
                                      "tags": [{"id": "devil", "label": "Devil"}], "default": "humanoid"}
    for eid in ("imp", "giant-spider", "goblin"):
        creature = entry(pkg, "creatures", eid)
        creature["creature"]["type"] = creature["filters"]["type"].lower()
    entry(pkg, "creatures", "imp")["creature"]["tags"] = ["devil"]
    entry(pkg, "spells", "antipathysympathy")["mechanics"] = copy.deepcopy(ANTIPATHY if antipathy is None else antipathy)
    add_condition(pkg, "antipathy", "Antipathy", **copy.deepcopy(ANTIPATHY_AURA if aura is None else aura))
    add_condition(pkg, "frightened_by_antipathy", "Frightened (Antipathy)", **copy.deepcopy(FRIGHTENED))
    add_condition(pkg, "sympathy", "Sympathy", **copy.deepcopy(SYMPATHY_AURA))
    add_condition(pkg, "charmed_by_sympathy", "Charmed (Sympathy)", **copy.deepcopy(CHARMED))
    return pkg


def caster(pkg: dict[str, Any] | None = None) -> dict[str, Any]:
    """Mira at level 15 with an 8th-level slot and Antipathy/Sympathy prepared; with `pkg`,
    carrying a Spell Scroll (Sympathy) too (put in `pkg`)."""
    out = mira(("antipathysympathy", "Antipathy/Sympathy", 8), level=15, slots_max_8=1)
    if pkg is not None:
        carry(pkg, out, SYMPATHY_SCROLL, quantity=1)
    return out
