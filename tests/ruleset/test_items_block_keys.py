"""The `items` block's keys and an item's `rarity` and `binds` (outside the capability table:
no gate of their own, so test_capability_guard.py never sees them) are held to the guard's
rule by hand: each key `ITEMS_BLOCK_PLAYED` lists changes a sheet (the computed sheet, or
what the sheet's validator says) built with and without it, on the vendored package that
uses it; each `HOST_ONLY_UNGATED` key is kept only while a vendored package validates with
it, or is one of Marinara's three inventory switches (defaults every package has).

Ember Roads: Juno (Brawn 3, Load 9) carries 13 bulk (a worn leather coat 3, a hand axe 1,
5 road rations, 4 arrows); a traveller carries 12 at most. Gravewatch: Ada (Nerve 2) wears
the Dawn bell (+1 to Ward) and binds it, the Widow's ring and a second bell (3 bound).
"""

from __future__ import annotations

import json
from typing import Any, Callable

import pytest

from shared.ruleset.capabilities import HOST_ONLY_UNGATED, ITEMS_BLOCK_PLAYED
from shared.sheet.character import validate_character
from tests.combat.kit import FIXTURES, UPSTREAM, ruleset
from tests.ruleset.capability_probes import SheetProbe, sheet_output
from tests.ruleset.minimal import problems_of

EMBER_LOAD = [{"item": "outfitter/leather-coat", "worn": True}, {"item": "outfitter/hand-axe", "worn": True},
              {"item": "outfitter/road-rations", "quantity": 5}, {"item": "outfitter/arrows", "quantity": 4}]
BELL = {"item": "kit/dawn-bell", "worn": True}
THREE_BOUND = [dict(BELL, bound=True), {"item": "kit/widows-ring", "worn": True, "bound": True},
               {"item": "kit/dawn-bell", "bound": True}]


def _problems(rs: Any, sheet: dict[str, Any]) -> list[str]:
    """What the sheet's validator says of the sheet."""
    return validate_character(rs, {"name": "Probe", "sheet": sheet})[1].lines()


def _probe(package: str, member: int, items: list[dict[str, Any]], edit: Callable[[dict[str, Any]], None],
           view: Callable[[Any, dict[str, Any]], Any] | None = None) -> SheetProbe:
    """The vendored `package` (edited by `edit` without the key) and its party fixture's
    `member` carrying `items`."""
    fixture = {"ember-roads.json": "ember-party.json", "gravewatch.json": "gravewatch-party.json"}[package]

    def build(with_key: bool) -> tuple[dict[str, Any], dict[str, Any]]:
        pkg = json.loads((UPSTREAM / package).read_text())
        if not with_key:
            edit(pkg)
        sheet = json.loads((FIXTURES / fixture).read_text())[member]["sheet"]
        sheet["live"] = {"items": json.loads(json.dumps(items))}
        return pkg, sheet

    return SheetProbe(build) if view is None else SheetProbe(build, view)


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """Sets `items.<path>` (`value` None deletes it)."""
    def edit(pkg: dict[str, Any]) -> None:
        *outer, last = path.split(".")
        node = pkg["items"]
        for key in outer:
            node = node[key]
        if value is None:
            node.pop(last)
        else:
            node[last] = value
    return edit


def _unbind_bell(pkg: dict[str, Any]) -> None:
    kit = next(c for c in pkg["catalogs"] if c["id"] == "kit")
    next(e for e in kit["entries"] if e["id"] == "dawn-bell")["item"].pop("binds")


PROBES: dict[tuple[str, str], SheetProbe] = {
    # bulk 13, or (reading guard) 1: the load differs.
    ("Carry", "stat"): _probe("ember-roads.json", 0, EMBER_LOAD, _set("carry.stat", "guard")),
    # Load 9 (encumbered at 13), or 20 (not).
    ("Carry", "encumberedAbove"): _probe("ember-roads.json", 0, EMBER_LOAD, _set("carry.encumberedAbove",
                                                                               {"const": 20})),
    # 13 bulk is past the limit of 12; without a limit, nothing is.
    ("Carry", "limit"): _probe("ember-roads.json", 0, EMBER_LOAD, _set("carry.limit", None), _problems),
    # Three bound against Nerve 2, or against 3.
    ("Binding", "max"): _probe("gravewatch.json", 0, THREE_BOUND, _set("binding.max", {"const": 3}), _problems),
    ("Binding", "label"): _probe("gravewatch.json", 0, [dict(BELL, bound=True)], _set("binding.label", "Attuned")),
    # The worn bell, not bound: lends nothing while it binds, + 1 to Ward when it does not.
    ("ItemDef", "binds"): _probe("gravewatch.json", 0, [BELL], _unbind_bell),
}


def test_every_played_key_has_a_probe():
    assert set(PROBES) == set(ITEMS_BLOCK_PLAYED)


@pytest.mark.parametrize("key", sorted(PROBES), ids=lambda k: ".".join(k))
def test_the_sheet_differs_with_the_key(key):
    probe = PROBES[key]
    assert sheet_output(probe, True) != sheet_output(probe, False)


#: Marinara's inventory switches: every package has them (defaults), none writes them.
SWITCHES = {("Items", "propose"), ("Items", "native"), ("Items", "freeform")}

#: Where each host-only key stands in a vendored package: (package, a path reaching objects
#: of the key's model).
HOST_USES = {
    ("Currency", "perWeight"): ("ember-roads.json", lambda pkg: pkg["items"]["currencies"]),
    ("Items", "rarityCaps"): ("ember-roads.json", lambda pkg: [pkg["items"]]),
    ("Items", "rarities"): ("gravewatch.json", lambda pkg: [pkg["items"]]),
    ("ItemDef", "rarity"): ("gravewatch.json", lambda pkg: [e["item"] for c in pkg["catalogs"]
                                                            for e in c["entries"] if "item" in e]),
    ("Binds", "restriction"): ("gravewatch.json", lambda pkg: [e["item"]["binds"] for c in pkg["catalogs"]
                                                               for e in c["entries"] if "binds" in e.get("item", {})]),
    ("Binds", "cursed"): ("gravewatch.json", lambda pkg: [e["item"]["binds"] for c in pkg["catalogs"]
                                                          for e in c["entries"] if "binds" in e.get("item", {})]),
}


def test_host_only_keys_are_kept_for_the_packages_that_use_them():
    assert set(HOST_USES) | SWITCHES == set(HOST_ONLY_UNGATED)
    for (model, key), (package, objects) in HOST_USES.items():
        pkg = json.loads((UPSTREAM / package).read_text())
        assert problems_of(pkg) == [], package
        assert any(key in o for o in objects(pkg)), f"{model}.{key} is used by no vendored package"


def test_marinaras_switches_change_nothing_here_and_validate():
    """`propose`, `native` and `freeform` set against their defaults: the package still
    validates and Juno's computed sheet is the same (the Game Master here invents no items
    and the engine has no inventory screen)."""
    pkg = json.loads((UPSTREAM / "ember-roads.json").read_text())
    sheet = json.loads((FIXTURES / "ember-party.json").read_text())[0]["sheet"]
    plain = sheet_output(SheetProbe(lambda _on: (pkg, sheet)), True)
    pkg2 = json.loads(json.dumps(pkg))
    pkg2["items"].update({"propose": False, "native": False, "freeform": "refuse"})
    assert problems_of(pkg2) == []
    assert sheet_output(SheetProbe(lambda _on: (pkg2, sheet)), True) == plain
    assert ruleset(pkg2).items is not None and ruleset(pkg2).items.freeform == "refuse"
