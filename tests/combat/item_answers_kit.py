"""Items whose use answers in a window or rescues its owner's roll (spec/mechanics-2.md 1.241,
1.249, 1.250; mechanics-3 1.259), on the 5e example with an item catalog (tests/combat/
item_kit.py). The SRD has no such ring, gauntlet or brooch, so these are our own entries,
each an SRD entry's mechanics carried by an item with 3 charges: the Shield spell (+5 Armor
Class until the wearer's next turn), a smite's 2d6 joined to a melee hit, Cutting Words' 1d6
taken off a hit on the wearer; the Ring of Evasion is the spec's own example (1.259).

Brom (Armor Class 16, Dex save + 1, Longsword + 5 for 1d8 + 3) against the Cinder Hound
(20 hit points from 5d8 at 4 each, Armor Class 12, bite + 4, Ember breath DC 12).
Initiative: Brom 15 + 1 = 16, the hound 1 + 1 = 2.
"""

from __future__ import annotations

import copy
from typing import Any

from tests.combat.item_kit import brom, item_package
from tests.combat.kit import add_condition

#: The hound's health (5d8, 4 each) and initiative (Brom 15, the hound 1).
START = [4] * 5 + [15, 1]

SHIELDED = {"condition": "shielded", "duration": {"rounds": 1, "at": "turn-start"}}


def ring_of_shielding(**use: Any) -> dict[str, Any]:
    """The Shield spell in a ring: answers a hit on its wearer, + 5 Armor Class."""
    return {"id": "ring-of-shielding", "label": "Ring of Shielding", "summary": "3 charges: the Shield spell.",
            "item": {"category": "ring", "rarity": "rare", "slots": {"ring": 1}, "charges": {"max": 3},
                     "use": {"kind": "buff", "targets": "self", "budget": "reaction", "charges": 1,
                             "applies": [copy.deepcopy(SHIELDED)], **copy.deepcopy(use)}}}


RING_OF_SHIELDING = ring_of_shielding(reaction={"on": "hit"})

SMITE_ANSWER = {"on": "hit", "by": "self", "weapon": True, "blow": "melee", "at": "target"}


def thunder_gauntlet(**use: Any) -> dict[str, Any]:
    """A smite in a gauntlet: 2d6 thunder with the owner's own melee hit, for a charge."""
    return {"id": "thunder-gauntlet", "label": "Thunder Gauntlet", "summary": "3 charges: 2d6 thunder on a hit.",
            "item": {"category": "weapon", "rarity": "rare", "slots": {"hand": 1}, "charges": {"max": 3},
                     "use": {"kind": "attack", "targets": "enemy", "free": True, "charges": 1,
                             "amount": {"dice": "2d6"}, "damageType": "thunder", "reaction": dict(SMITE_ANSWER),
                             **copy.deepcopy(use)}}}


THUNDER_GAUNTLET = thunder_gauntlet(addsToBlow=True)


def brooch_of_misdirection(**use: Any) -> dict[str, Any]:
    """Cutting Words in a brooch: 1d6 off an attack roll that hit its wearer."""
    return {"id": "brooch-of-misdirection", "label": "Brooch of Misdirection",
            "summary": "3 charges: 1d6 off a hit on the wearer.",
            "item": {"category": "ring", "rarity": "rare", "slots": {"ring": 1}, "charges": {"max": 3},
                     "use": {"kind": "debuff", "targets": "enemy", "budget": "reaction", "charges": 1,
                             "reaction": {"on": "hit"}, **copy.deepcopy(use)}}}


BROOCH_OF_MISDIRECTION = brooch_of_misdirection(lowersRoll={"dice": "1d6"})

EVASION = {"roll": "saves", "by": "success", "saves": ["dex_save"], "budget": "reaction"}


def ring_of_evasion(**use: Any) -> dict[str, Any]:
    """The spec's Ring of Evasion (1.259): a failed Dexterity save counts as made, for a
    charge and the reaction."""
    return {"id": "ring-of-evasion", "label": "Ring of Evasion", "summary": "3 charges: a failed Dex save made.",
            "item": {"category": "ring", "rarity": "rare", "slots": {"ring": 1}, "charges": {"max": 3},
                     "use": {"kind": "buff", "targets": "self", "free": True, "charges": 1, **copy.deepcopy(use)}}}


RING_OF_EVASION = ring_of_evasion(rescue=EVASION)


def answers_package(*entries: dict[str, Any]) -> dict[str, Any]:
    """The 5e example with an item catalog holding `entries`, Shielded declared (+ 5 Armor
    Class), at a Capability API that has every key used here."""
    pkg = item_package(*entries)
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 290}
    add_condition(pkg, "shielded", "Shielded", modifiers=[{"to": "defense", "flat": 5}])
    return pkg


def wearing(ref: str, **line: Any) -> dict[str, Any]:
    """Brom with one stack of `items/<ref>` (worn unless the line says otherwise)."""
    return brom(items=[{"item": f"items/{ref}", "worn": True, **line}])
