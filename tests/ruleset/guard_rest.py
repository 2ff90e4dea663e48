"""The capability guard's probes for the keys no family module holds: values under refused
keys, the package's lists past their caps, and the keys whose play is on an actor's menu
(tests/ruleset/test_capability_guard.py merges them).
"""

from __future__ import annotations

import copy
from typing import Any

from shared.combat import SetupError, start_battle
from shared.ruleset.package import Ruleset
from tests.combat.kit import add_condition, foe, juno_marsh, juno_roads, marsh, roads, wren_marsh
from tests.ruleset.capability_probes import FightProbe, MenuProbe, SheetProbe
from tests.ruleset.guard_sheet import after
from tests.ruleset.minimal import minimal_package

# ---------------------------------------------------------------------------
# menus: what an actor may choose is play (a scripted fight cannot show a choice it does
# not offer, since every scripted choice must be accepted)
# ---------------------------------------------------------------------------

JUNO_SWINGS = {"actor": "juno", "option": "attack:kit:reed-axe", "targets": ["bog-hound"]}
JUNO_DODGES = {"actor": "juno", "option": "standard:dodge", "targets": []}


def _marsh(juno_holds: dict[str, Any] | None = None, flare: dict[str, Any] | None = None) -> dict[str, Any]:
    """Lantern Marsh at schema 2 (the keys of Capability API 1.127 to 1.242 declared): Juno's
    Marked does `juno_holds`; Lantern Flare's mechanics also hold `flare`."""
    pkg = marsh()
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 290}
    add_condition(pkg, "marked", "Marked", **copy.deepcopy(juno_holds or {}))
    pkg["catalogs"][0]["entries"][0]["mechanics"].update(copy.deepcopy(flare or {}))
    return pkg


def _granted_strike(narrowing: dict[str, Any], first: dict[str, Any]) -> MenuProbe:
    """Juno holds Marked, whose grants let her strike once more with her Quick action once
    her Action is spent; she also carries a Sling (reach 0, range 6: a ranged blow). After
    `first`, her menu: the granted strike with each weapon, narrowed by `narrowing` (the key)."""
    def build(on: bool) -> tuple[Any, ...]:
        pkg = _marsh({"grants": {"budget": "quick", "attacks": True, **(narrowing if on else {})}})
        kit = next(each for each in pkg["sheet"]["lists"] if each["id"] == "kit")
        kit["columns"].append({"id": "range", "label": "Range", "type": "number", "min": 0, "max": 60, "default": 0})
        pkg["combat"]["attacks"][0]["range"] = {"normal": {"column": "range"}}
        juno = juno_marsh()
        juno["sheet"]["live"] = {"conditions": ["marked"]}
        juno["sheet"]["lists"]["kit"].append({"name": "Sling", "rolls": "nerve", "damage": "1d4", "harm": "cut",
                                              "reach": 0, "range": 6})
        return pkg, [juno, wren_marsh()], [foe("bog-hound")], [5] * 60, [dict(first)]
    return MenuProbe(build, "juno")


def _swing_then_menu(marked: Any, quick_count: int | None = None) -> MenuProbe:
    """Juno holds Marked, which does `marked(with_key)`; with the key, the Quick action's
    count is `quick_count` when given (1 in Lantern Marsh). She swings her Reed axe with her
    Action: her menu after it."""
    def build(on: bool) -> tuple[Any, ...]:
        pkg = _marsh(marked(on))
        if on and quick_count is not None:
            pkg["combat"]["economy"]["budgets"][1]["count"] = quick_count
        juno = juno_marsh()
        juno["sheet"]["live"] = {"conditions": ["marked"]}
        return pkg, [juno, wren_marsh()], [foe("bog-hound")], [5] * 60, [dict(JUNO_SWINGS)]
    return MenuProbe(build, "juno")


def _flare_aimed(without: dict[str, Any], with_key: dict[str, Any], hound: dict[str, Any] | None = None) -> MenuProbe:
    """Wren's menu at her first turn: Lantern Flare's targetTypes are `without`, or
    `with_key` (the same with the key). The bog hound has Might 2 and the creature keys
    `hound`."""
    def build(on: bool) -> tuple[Any, ...]:
        pkg = _marsh(flare={"targetTypes": with_key if on else without})
        pkg["catalogs"][1]["entries"][1]["creature"].update(copy.deepcopy(hound or {}))
        return pkg, [juno_marsh(), wren_marsh("lantern-flare")], [foe("bog-hound")], [5] * 60, []
    return MenuProbe(build, "wren")


def _mend_needs_hearing(deafened: dict[str, Any]) -> MenuProbe:
    """Marsh Mend needs hearing; Juno holds Deafened, which does `deafened`: Wren's menu."""
    def build(on: bool) -> tuple[Any, ...]:
        pkg = _marsh(deafened if on else {})
        pkg["catalogs"][0]["entries"][2]["mechanics"]["needs"] = ["hearing"]
        juno = juno_marsh()
        juno["sheet"]["live"] = {"conditions": ["marked"]}
        return pkg, [juno, wren_marsh("marsh-mend")], [foe("bog-hound")], [5] * 60, []
    return MenuProbe(build, "wren")

HOUND_DRAGS_JUNO = {"actor": "bog-hound", "option": "action:drag", "targets": ["juno"]}


def _dragged(mired: dict[str, Any]) -> MenuProbe:
    """The bog hound's Drag down (a 6 on the d12: 6 + 2 against Guard 8 hits, 3 damage)
    puts Mired, which does `mired`, on Juno: her menu on her next turn. Every other die a 5."""
    def build(on: bool) -> tuple[Any, ...]:
        pkg = _marsh()
        next(c for c in pkg["combat"]["conditions"] if c["condition"] == "mired").update(copy.deepcopy(mired if on else {}))
        return pkg, [juno_marsh(), wren_marsh()], [foe("bog-hound")], [5] * 5 + [6, 3] + [5] * 60, [dict(HOUND_DRAGS_JUNO)]
    return MenuProbe(build, "juno")


# ---------------------------------------------------------------------------
# the package's conditions past 80, 160 and 320 entries (mechanics-1: up to 640)
# ---------------------------------------------------------------------------

#: Juno's axe at the rust jackal, the jackal's Bite (test_capability_guard's JACKAL_DICE).
JACKAL_DICE = [6, 1, 1, 1, 6, 6, 5, 6, 6, 4]
JACKAL_CHOICES = [{"actor": "juno", "option": "attack:gear:road-axe", "targets": ["rust-jackal"]},
                  {"actor": "rust-jackal", "option": "action:bite", "targets": ["juno"]}]


def _fillers(count: int) -> list[dict[str, str]]:
    return [{"id": f"omen_{n}", "label": f"Omen {n}"} for n in range(count)]


def _last_condition_counts(count: int) -> FightProbe:
    """The minimal Ember-Roads package with `count` conditions with the key (quiet omens,
    then Cursed last, held by Juno: her attacks at -2), `count` - 1 without (no Cursed)."""
    def build(on: bool) -> tuple[Any, ...]:
        pkg = roads()
        live = pkg["sheet"]["live"]["conditions"]
        combat = pkg["combat"].setdefault("conditions", [])
        omens = _fillers(count - 1 - len(combat))
        live += omens
        combat += [{"condition": o["id"], "effects": ["own-checks-disadvantage"]} for o in omens]
        juno = juno_roads()
        if on:
            add_condition(pkg, "cursed", "Cursed", modifiers=[{"to": "attacks", "flat": -2}])
            juno["sheet"]["live"] = {"conditions": ["cursed"]}
        return pkg, [juno], [foe("rust-jackal")], list(JACKAL_DICE), copy.deepcopy(JACKAL_CHOICES)
    return FightProbe(build)


def _sheet_conditions(count: int) -> SheetProbe:
    """The minimal package's sheet conditions: `count` with the key (omens, then Cursed
    last, which the character holds), `count` - 1 without: the sheet shows Cursed or not."""
    def build(on: bool) -> tuple[dict[str, Any], dict[str, Any]]:
        pkg = minimal_package()
        live = pkg["sheet"]["live"]["conditions"]
        live += _fillers(count - 1 - len(live))
        if on:
            live.append({"id": "cursed", "label": "Cursed"})
        return pkg, {"live": {"conditions": ["cursed"]}} if on else {}
    return SheetProbe(build)


def _camp_clears(count: int) -> SheetProbe:
    """`count` sheet conditions (omens, then Cursed last, held); Make camp clears all of
    them by name with the key, all but Cursed without: after the rest, Cursed is gone or kept."""
    def build(on: bool) -> tuple[dict[str, Any], dict[str, Any]]:
        pkg = minimal_package()
        live = pkg["sheet"]["live"]["conditions"]
        live += _fillers(count - 1 - len(live))
        live.append({"id": "cursed", "label": "Cursed"})
        ids = [c["id"] for c in live]
        pkg["rests"][0]["clear"] = {"conditions": ids if on else ids[:-1]}
        return pkg, {"live": {"conditions": ["cursed"]}}
    return SheetProbe(build, after({"op": "rest", "rest": "camp"}))


# ---------------------------------------------------------------------------
# combat blocks
# ---------------------------------------------------------------------------


def _marsh_styles(with_key: bool) -> tuple[dict[str, Any], dict[str, Any]]:
    """Lantern Marsh, which allows only the tactical style with the key (spec/combat-3
    "Styles a game may use": a ruleset whose rules need a board)."""
    pkg = marsh()
    if with_key:
        pkg["combat"]["styles"] = ["tactical"]
    return pkg, {}


def _started_without_board(rs: Ruleset, _sheet: dict[str, Any]) -> list[str]:
    """The fight `battle fight` starts with no board: its opening log, or why it cannot
    start (a tactical fight is fought on a board)."""
    try:
        _state, events = start_battle(rs, [juno_marsh(), wren_marsh()], [foe("bog-hound")], dice=[5] * 60)
    except SetupError as refused:
        return [str(refused)]
    return [e.text for e in events]


def _marsh_checks(with_key: bool) -> tuple[Any, ...]:
    """Lantern Marsh with its combat checks (Might, Nerve), the contests made of them and the
    creatures' bonuses to them, or without any (each needs the checks): Juno's menu offers
    Grab or not."""
    pkg = marsh()
    if not with_key:
        del pkg["combat"]["checks"], pkg["combat"]["contests"]
        for entry in pkg["catalogs"][1]["entries"]:
            entry["creature"].pop("checks", None)
    return pkg, [juno_marsh(), wren_marsh()], [foe("bog-hound")], [5] * 60, []


def _flare_at_juno(warded: dict[str, Any]) -> FightProbe:
    """Lantern Flare aimed at anyone (`targets: any`): Wren flares Juno, who holds Marked,
    which does `warded`. Every die a 5: 5 + 5 = 10 against Guard 8 hits, 5 fire damage."""
    def build(on: bool) -> tuple[Any, ...]:
        pkg = _marsh(warded if on else {}, {"targets": "any"})
        juno = juno_marsh()
        juno["sheet"]["live"] = {"conditions": ["marked"]}
        return pkg, [juno, wren_marsh("lantern-flare")], [foe("bog-hound")], [5] * 60, [
            {"actor": "wren", "option": "ability:charms:lantern-flare", "targets": ["juno"]}]
    return FightProbe(build)


def _initiative_check(modifier: dict[str, Any]) -> FightProbe:
    """Lantern Marsh's initiative as a Nerve check (initiative.checkAbility, 1.240); Juno's
    Marked rolls checks twice, kept best (`modifier`): her initiative is rolled twice only
    when the modifier reaches Nerve checks. Dice: the hound's health 2 and 6, Juno's
    initiative 4 (and 5, kept, when rolled twice), then 5s."""
    def build(on: bool) -> tuple[Any, ...]:
        pkg = _marsh({"modifiers": [modifier] if on else [{k: v for k, v in modifier.items() if k != "abilities"}]})
        pkg["combat"]["initiative"]["checkAbility"] = "nerve"
        juno = juno_marsh()
        juno["sheet"]["live"] = {"conditions": ["marked"]}
        return pkg, [juno, wren_marsh()], [foe("bog-hound")], [2, 6, 4] + [5] * 60, []
    return FightProbe(build)


def _help_far(with_key: bool) -> tuple[Any, ...]:
    """Lantern Marsh on a board one row long: Juno at the west end, Wren beside her, the bog
    hound at the east end, far from both. Juno's first menu: Help for Wren, or (Help only
    beside an opponent, 1.771) no Help."""
    pkg = marsh()
    if with_key:
        pkg["combat"]["standardEffects"] = {"help": {"beside": True}}
    return pkg, [{**juno_marsh(), "position": [0, 0]}, {**wren_marsh(), "position": [1, 0]}], [
        foe("bog-hound", position=[7, 0])], [5] * 60, []


#: Played keys: a scripted fight (`FightProbe`), a computed sheet (`SheetProbe`), built with
#: and without the key.
PLAYED_PROBES: dict[str, FightProbe | SheetProbe | MenuProbe] = {
    # After her swing: the Reed axe and the Sling offered again on the Quick action, or
    # only the melee one, or only the one named.
    "Grants.melee": _granted_strike({"melee": True}, JUNO_SWINGS),
    "Grants.names": _granted_strike({"names": ["Reed axe"]}, JUNO_SWINGS),
    # After a Dodge (no attack made this turn): the granted strike, or (afterAttack) none,
    # so her turn ends and her menu is next round's.
    "Grants.afterAttack": _granted_strike({"afterAttack": True}, JUNO_DODGES),
    # A Quick action only a condition fills (count 0): Marked's granted strike has no
    # Quick action to spend after the swing.
    "Budget.count = '0'": _swing_then_menu(lambda on: {"grants": {"budget": "quick", "attacks": True}}, 0),
    # Marked grants a strike on the Quick action; with Action and Quick action exclusive
    # (Slow-like), the swing on her Action empties the Quick action: no granted strike.
    "CombatCondition.exclusive": _swing_then_menu(lambda on: {
        "grants": {"budget": "quick", "attacks": True}, **({"exclusive": ["act", "quick"]} if on else {})}),
    # The bog hound's Might 2: above a bound of 1, below a bound of 3; immune to Dazzled.
    "TargetTypes.abilityAtMost": _flare_aimed({"abilityAtLeast": {"might": -1}},
                                              {"abilityAtLeast": {"might": -1}, "abilityAtMost": {"might": 1}}),
    "TargetTypes.abilityAtLeast": _flare_aimed({"abilityAtMost": {"might": 4}},
                                               {"abilityAtMost": {"might": 4}, "abilityAtLeast": {"might": 3}}),
    "TargetTypes.notImmuneTo": _flare_aimed({"abilityAtMost": {"might": 4}},
                                            {"abilityAtMost": {"might": 4}, "notImmuneTo": ["dazzled"]},
                                            {"conditionImmunities": ["dazzled"]}),
    # Deafened Juno lacks hearing: Marsh Mend cannot be aimed at her.
    "CombatCondition.lacks": _mend_needs_hearing({"lacks": ["hearing"]}),
    # Without a board: a classic fight, or (only tactical allowed) no fight at all.
    "Combat.styles": SheetProbe(_marsh_styles, _started_without_board),
    "Combat.checks": MenuProbe(_marsh_checks, "juno"),
    "StandardEffects.help": MenuProbe(_help_far, "juno", board={"rows": ["........"]}),
    # Advantage on Might checks only: Juno's Nerve initiative is rolled once.
    "Modifier.abilities = 'on a checks modifier'": _initiative_check(
        {"to": "checks", "mode": "advantage", "abilities": ["might"]}),
    # Marked keeps Lantern Flare's damage off Juno (5e's Shield against Magic Missile), or
    # ends when a charm harms her.
    "CombatCondition.noDamageFrom": _flare_at_juno({"noDamageFrom": ["charms/lantern-flare"]}),
    "CombatCondition.endsWhenHarmedFrom": _flare_at_juno({"endsWhenHarmedFrom": ["charms"]}),
    **{f"Combat.conditions = 'more than {n} entries'": _last_condition_counts(n + 1) for n in (80, 160, 320)},
    **{f"Live.conditions = 'more than {n} entries'": _sheet_conditions(n + 1) for n in (80, 160, 320)},
    **{f"RestClear.conditions = 'more than {n} entries'": _camp_clears(n + 1) for n in (80, 160, 320)},
    # Dragged down, Juno cannot aim at the hound (the applier's side): her Reed axe and
    # Grab have no target left.
    "CombatCondition.effects = 'cannot-target-source-side'": _dragged(
        {"effects": ["speed-zero", "attacks-against-advantage", "cannot-target-source-side"]}),
}
#: Played keys put on the objects of a whole fight the Engine plays: (scenario, value).
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}

#: Keys of objects only a refused key holds (a rest's lowered maximum, an aura's behaviour):
#: (value, companions) the object's own rules want beside it. The package is refused at the
#: refused key above.
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {}

#: Values of keys under refused keys: (key, value, companions).
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {}
