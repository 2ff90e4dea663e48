"""The capability guard's probes for a kind named at casting (mechanics-3 1.270, 1.274;
tests/ruleset/test_capability_guard.py merges them), on tests/combat/kind_choice_kit.py's
5e package and tests/combat/test_kind_choice.py's board:

- `kindChoice` on Antipathy/Sympathy and on the Spell Scroll (Sympathy)'s use: Mira's menu
  offers one mode per kind (`@kind-fiend`, ...) instead of the plain option;
- `chosenKind` on the aura of `antipathy`: naming fiends, only the Imp is frightened;
  without it the Giant Spider is too.
"""

from __future__ import annotations

import copy
from typing import Any

from tests.combat import kind_choice_kit as KK
from tests.combat.kit import foe
from tests.combat.srd_kit import brom
from tests.ruleset.capability_probes import FightProbe, MenuProbe

BOARD = {"rows": ["." * 16] * 6}
DICE = [2, 2, 2, 3, 3, 3, 3, 18, 10, 5, 1] + [4] * 20


def _sides(pkg: dict[str, Any], *, scroll: bool = False) -> tuple[Any, ...]:
    mira = KK.caster(pkg if scroll else None)
    return (pkg, [mira | {"position": [0, 0]}, brom() | {"position": [2, 2]}],
            [foe("imp", position=[8, 2]), foe("giant-spider", position=[9, 4])], list(DICE))


def _spell_menu(with_key: bool) -> tuple[Any, ...]:
    antipathy = copy.deepcopy(KK.ANTIPATHY)
    if not with_key:
        del antipathy["kindChoice"]
    return (*_sides(KK.package(antipathy=antipathy)), [])


def _scroll_menu(with_key: bool) -> tuple[Any, ...]:
    pkg = KK.package()
    out = _sides(pkg, scroll=True)
    if not with_key:
        carried = next(c for c in pkg["catalogs"] if c["id"] == "carried")
        del carried["entries"][0]["item"]["use"]["kindChoice"]
    return (*out, [])


def _chosen_kind(with_key: bool) -> tuple[Any, ...]:
    aura = copy.deepcopy(KK.ANTIPATHY_AURA)
    if not with_key:
        del aura["auras"][0]["chosenKind"]
    return (*_sides(KK.package(aura=aura)),
            [{"actor": "mira", "option": "ability:spells:antipathy-sympathy@kind-fiend", "targets": ["brom"]}])


PLAYED_PROBES: dict[str, FightProbe | MenuProbe] = {
    "Mechanics.kindChoice": MenuProbe(_spell_menu, "mira", board=BOARD),
    "ItemUse.kindChoice": MenuProbe(_scroll_menu, "mira", board=BOARD),
    "ItemDef.use.kindChoice = 'on an item use'": MenuProbe(_scroll_menu, "mira", board=BOARD),
    "Aura.chosenKind": FightProbe(_chosen_kind, board=BOARD),
}
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {}
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {}
