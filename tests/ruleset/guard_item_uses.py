"""The capability guard's probes for the keys of an item's use (`ItemUse`: an entry's
mechanics carried by an item, played through the same code as the entry's;
tests/ruleset/test_capability_guard.py merges them).

Most probes are an entry's own probe with the entry carried as a scroll (`as_item_use`): the
spell's row keeps the key off in both fights, and the scroll's use has it or not, so the
two fights (or menus) differ only through the item. The rest are fights on the 5e example
with an item catalog (tests/combat/item_kit.py): Brom at 10 of 28 against a Cinder Hound;
dice: the hound's health 5d8 (4 each), initiative Brom 15 + 1, the hound 1 + 1.
"""

from __future__ import annotations

import copy
from typing import Any, Callable

from shared.combat.plans import slug
from tests.combat import sight_kit as SK
from tests.combat import zones_kit as ZK
from tests.combat.item_kit import brom, carry, item_package
from tests.combat.kit import add_condition, foe
from tests.combat.test_board_zones import wand_fight
from tests.ruleset import guard_board, guard_health, guard_sight
from tests.ruleset.capability_probes import FightProbe, MenuProbe

Build = Callable[[bool], tuple[Any, ...]]


def _entry(pkg: dict[str, Any], eid: str) -> dict[str, Any]:
    found: dict[str, Any] = next(e for c in pkg["catalogs"] for e in c["entries"] if e["id"] == eid)
    return found


def scroll_of(build: Build, eid: str, actor: str) -> Build:
    """`build` with the entry `eid` also carried by `actor` as a "Scroll of <label>" (20 of
    them) whose use is the entry's mechanics as `build(on)` writes them, while the entry itself
    keeps the mechanics of `build(False)`; `actor`'s choices of the entry take the scroll."""
    def carried(on: bool) -> tuple[Any, ...]:
        # A copy: a probe's build may hand out its own lists (its choices) every time.
        pkg, party, foes, dice, choices = copy.deepcopy(build(on))
        entry = _entry(pkg, eid)
        use = copy.deepcopy(entry["mechanics"])
        entry["mechanics"] = copy.deepcopy(_entry(build(False)[0], eid)["mechanics"])
        label = f"Scroll of {entry['label']}"
        # An item use of kind utility only leaves a standing area (mechanics-1 1.181): a
        # scroll of Revivify heals instead, which changes nothing the entry does.
        if use["kind"] == "utility" and use.get("zone") is None:
            use["kind"] = "heal"
        member = next(m for m in party if slug(m["name"]) == actor)
        carry(pkg, member, {"id": f"{eid}-scroll", "label": label, "summary": "A spell written down.",
                            "item": {"category": "scroll", "stack": 20, "use": use}}, quantity=20)
        for choice in choices:
            head, _, step = choice["option"].partition("@")
            if choice["actor"] == actor and head.startswith("ability:") and head.endswith(f":{slug(entry['label'])}"):
                choice["option"] = f"item:{slug(label)}" + (f"@{step}" if step else "")
        return pkg, party, foes, dice, choices
    return carried


def as_item_use(probe: FightProbe | MenuProbe, eid: str, actor: str) -> FightProbe | MenuProbe:
    """The entry probe `probe` played through a scroll of its entry `eid` (`scroll_of`)."""
    if isinstance(probe, MenuProbe):
        return MenuProbe(scroll_of(probe.build, eid, actor), actor=probe.actor, board=probe.board)
    return FightProbe(scroll_of(probe.build, eid, actor), board=probe.board)


def brom_fight(use: dict[str, Any], with_key: dict[str, Any], *, item: dict[str, Any] | None = None,
               line: dict[str, Any] | None = None, targets: list[str] | None = None,
               dice: list[int] | None = None, more: Callable[[dict[str, Any]], None] | None = None,
               choose: bool = True) -> Build:
    """Brom (10 of 28) carrying a "Charm" whose use is `use`, with `with_key` added to it on
    the probe's keyed side (`item`: more keys of the item; `line`: his stack), against a
    Cinder Hound; he uses it at `targets` (the hound) on his first turn unless not `choose`.
    `more(pkg)` changes the package on both sides."""
    def build(on: bool) -> tuple[Any, ...]:
        pkg = item_package()
        pkg["schemaVersion"] = 2
        pkg["capabilityApi"] = {"major": 1, "minor": 290}
        if more is not None:
            more(pkg)
        body = {**copy.deepcopy(use), **(copy.deepcopy(with_key) if on else {})}
        member = brom(hp=10)
        carry(pkg, member, {"id": "charm", "label": "Charm", "summary": "A charm of the probe.",
                            "item": {"category": "ring", "stack": 10, "use": body, **copy.deepcopy(item or {})}},
              **(line if line is not None else {"quantity": 3}))
        choices = [{"actor": "brom", "option": "item:charm", "targets": targets or ["cinder-hound"]}] if choose else []
        return pkg, [member], [foe("cinder-hound")], [4] * 5 + [15, 1] + (dice or [4] * 40), choices
    return build


def _ilsa_sees(use: dict[str, Any], with_key: dict[str, Any]) -> Build:
    """tests/combat/sight_kit.py's Ilsa, blinded (she lacks sight), carrying a "Charm" that
    heals an ally (`use`, with `with_key` on the keyed side); nothing is chosen."""
    def build(on: bool) -> tuple[Any, ...]:
        pkg = SK.package(blinded=guard_sight.BLIND)
        member = SK.ilsa(holds=["blinded"])
        body = {"kind": "heal", "targets": "ally", "amount": {"dice": "1d4"}, "budget": "action",
                **copy.deepcopy(use), **(copy.deepcopy(with_key) if on else {})}
        carry(pkg, member, {"id": "charm", "label": "Charm", "summary": "A charm of the probe.",
                            "item": {"category": "trinket", "stack": 10, "use": body}}, quantity=3)
        return pkg, [member], [foe("cinder-hound")], list(guard_sight.DICE), []
    return build


def _types(pkg: dict[str, Any]) -> None:
    """The hound is a beast, Brom a person."""
    pkg["combat"]["creatureTypes"] = {"types": [{"id": "beast", "label": "Beast"}, {"id": "person", "label": "Person"}],
                                      "default": "person"}
    next(e for c in pkg["catalogs"] for e in c["entries"] if e["id"] == "cinder-hound")["creature"]["type"] = "beast"


def _warded(against: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    """A condition "Warded" (+ 5 to saves against what `against` names), Brom holding it."""
    def change(pkg: dict[str, Any]) -> None:
        add_condition(pkg, "warded", "Warded", modifiers=[{"to": "saves", "flat": 5, "against": against}])
    return change


#: A flask Brom throws at himself: 2d6 fire, a Dexterity save against 15 for half.
FLASK = {"kind": "attack", "targets": "any", "amount": {"dice": "2d6"}, "damageType": "fire",
         "sheetDifficulty": {"const": 15}, "save": {"save": "dex_save", "onSuccess": "half"}, "budget": "action"}
#: Five conditions the example declares, a round each.
FIVE = [{"condition": c, "duration": {"rounds": 1}} for c in ("charmed", "frightened", "poisoned", "prone", "blinded")]


def _warded_brom(build: Build) -> Build:
    def warded(on: bool) -> tuple[Any, ...]:
        pkg, party, foes, dice, choices = build(on)
        party[0]["sheet"]["live"]["conditions"] = ["warded"]
        return pkg, party, foes, dice, choices
    return warded


def _sleep_steps(on: bool) -> tuple[Any, ...]:
    """The Sleep fight (guard_health's) cast at the 3rd level: 5d8 and 2d8 for each of the two
    raised steps, or, capped at one step, 5d8 and 2d8."""
    pkg, party, foes, dice, choices = HEALTH["Mechanics.healthPool"].build(True)
    if on:
        _entry(pkg, "sleep")["mechanics"]["perCostStepsMax"] = 1
    for choice in choices:
        choice["option"] += "@slots_3"
    return pkg, party, foes, dice + [6] * 20, choices


def _moonbeams(on: bool) -> tuple[Any, ...]:
    """The Wand of Moonbeams (tests/combat/test_board_zones.py) used on the hound, and again on
    Brom's next turn: with concentration, the second use ends the first and its zone."""
    pkg, party, foes, dice = wand_fight()
    if on:
        _entry(pkg, "wand-of-moonbeams")["item"]["use"]["concentration"] = True
    use = {"actor": "brom", "option": "item:wand-of-moonbeams", "targets": [], "cell": [5, 2]}
    ends = [{"actor": who, "option": "end-turn", "targets": []} for who in ("brom", "cinder-hound")]
    return pkg, party, foes, dice + [4] * 20, [use, *ends, use]


HEALTH = guard_health.PLAYED_PROBES
SIGHT = guard_sight.PLAYED_PROBES
BOARD = guard_board.PLAYED_PROBES


def _spike_kind(on: bool) -> tuple[Any, ...]:
    """guard_board's Spike Growth fight, Spike Growth a debuff without the key; nothing chosen."""
    pkg, party, foes, dice, _choices = BOARD["Zone.terrain"].build(True)
    if not on:
        _entry(pkg, "spike-growth")["mechanics"]["kind"] = "debuff"
    return pkg, party, foes, dice, []

#: Played keys of an item's use: the same fight, or the actor's menu, with and without.
PLAYED_PROBES: dict[str, FightProbe | MenuProbe] = {
    # Lesser Restoration's scroll is on Mira's menu against paralyzed Brom only with `ends`.
    "ItemUse.ends": as_item_use(HEALTH["Mechanics.ends"], "lesser-restoration", "mira"),
    # A scroll of Lesser Restoration as one of four: its modes only with the key.
    "ItemUse.cureOneOf": as_item_use(HEALTH["Mechanics.cureOneOf"], "lesser-restoration", "mira"),
    "ItemUse.revives": as_item_use(HEALTH["Mechanics.revives"], "revivify", "mira"),
    "ItemUse.stabilizes": as_item_use(HEALTH["Mechanics.stabilizes"], "spare-the-dying", "mira"),
    # A scroll of Sleep: its 26 covers the Zombie only; without a pool all three sleep.
    "ItemUse.healthPool": as_item_use(HEALTH["Mechanics.healthPool"], "sleep", "mira"),
    "ItemUse.healthPoolSkips": as_item_use(HEALTH["Mechanics.healthPoolSkips"], "sleep", "mira"),
    "ItemUse.healthAtMost": as_item_use(HEALTH["Mechanics.healthAtMost"], "power-word-kill", "mira"),
    "ItemUse.kills": as_item_use(HEALTH["Mechanics.kills"], "power-word-kill", "mira"),
    "ItemUse.dropsOnFailedSave": as_item_use(HEALTH["Mechanics.dropsOnFailedSave"], "quivering-palm", "mira"),
    # Blinded Ilsa cannot aim the scroll of Magic Missile with `seen`.
    "ItemUse.seen": as_item_use(SIGHT["Mechanics.seen"], "magic-missile", "ilsa"),
    # Gagged Ilsa cannot read the scroll of Cure Wounds (verbal) with `components`.
    "ItemUse.components": as_item_use(SIGHT["Mechanics.components"], "cure-wounds", "ilsa"),
    # Wren's scroll of Marsh Gas, a line two wide, also catches the hound on 3, 0.
    "ItemUse.area.width = \"a line's, on an item use\"": as_item_use(BOARD["Area.width"], "marsh-gas", "wren"),
    # The scroll of Sleep at the 3rd level counts one raised step: 5d8 + 2d8, not 5d8 + 4d8.
    "ItemUse.perCostStepsMax": as_item_use(FightProbe(_sleep_steps), "sleep", "mira"),
    # The scroll of Spike Growth as a standing area (utility) is aimed at Ilsa's side; as a
    # debuff, at nobody.
    "ItemUse.kind = 'utility, on an item use'": MenuProbe(scroll_of(_spike_kind, "spike-growth", "ilsa"), "ilsa",
                                                          board=ZK.BOARD),
    # Blinded Ilsa cannot aim a charm that needs sight at herself; one needing sight or
    # hearing (she hears) she can.
    "ItemUse.needs": MenuProbe(_ilsa_sees({}, {"needs": ["sight"]}), "ilsa"),
    "ItemUse.needsAny": MenuProbe(_ilsa_sees({"needs": ["sight", "hearing"]}, {"needsAny": True}), "ilsa"),
    # A charm that spares beasts is not aimed at the hound.
    "ItemUse.targetTypes": MenuProbe(brom_fight(FLASK, {"targetTypes": {"not": {"types": ["beast"]}}}, more=_types,
                                                choose=False), "brom"),
    # Brom's save against his own magical flask gets Warded's + 5.
    "ItemUse.qualities": FightProbe(_warded_brom(brom_fight(
        FLASK, {"qualities": ["magical"]}, targets=["brom"], more=_warded({"magic": True})))),
    # ... and against a flask that counts as cast from the feats catalog (`against.casts`).
    "ItemUse.casts": FightProbe(_warded_brom(brom_fight(
        FLASK, {"casts": "feats"}, targets=["brom"], more=_warded({"casts": ["feats"]})))),
    # A draining bite of 2d6 necrotic heals Brom by what it dealt.
    "ItemUse.drain": FightProbe(brom_fight({"kind": "attack", "targets": "enemy", "amount": {"dice": "2d6"},
                                            "damageType": "necrotic", "autoHit": True, "budget": "action"},
                                           {"drain": {}})),
    # Five conditions on the hound, or four.
    "ItemUse.applies = 'more than 4 items'": FightProbe(brom_fight(
        {"kind": "debuff", "targets": "enemy", "budget": "action", "applies": FIVE[:4]}, {"applies": FIVE})),
    # The wand used twice: with concentration the second use ends the first's zone.
    "ItemUse.concentration = 'on an item use'": FightProbe(_moonbeams, board=ZK.BOARD),
    # A staff's use with `chargeStep` is also offered for 1 and 2 extra charges.
    "ItemUse.chargeStep": MenuProbe(brom_fight({"kind": "heal", "targets": "self", "amount": {"dice": "1d8"},
                                                "charges": 1, "budget": "action"},
                                               {"chargeStep": {"max": 2, "amount": {"dice": "1d8"}}},
                                               item={"charges": {"max": 10}, "category": "staff"}, line={},
                                               choose=False), "brom"),
    # Brom's initiative rolled twice with a carried charm that has `initiativeMode`.
    "ItemUse.initiativeMode": FightProbe(brom_fight({"kind": "buff", "targets": "self", "budget": "action",
                                                     "applies": FIVE[:1]}, {"initiativeMode": "advantage"},
                                                    choose=False)),
}
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {}
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {}
