"""The capability guard's probes for conditions, condition levels, applies, modifiers, endings, behaviours, grants, harms and wards
(tests/ruleset/test_capability_guard.py merges them).

Most probes are the minimal Ember-Roads fight (tests/combat/kit.py `roads`): Juno, who holds
Marked from the start, hits the rust jackal with her Road axe, and the jackal's Bite hits her
back. The key goes on Marked (a modifier, a budget), on a condition the Bite applies, or on
the Bite's own apply; the same fight without the key is the one to compare with.
"""

from __future__ import annotations

import copy
from typing import Any

from tests.combat.kit import add_condition, foe, juno_marsh, juno_roads, marsh, roads, wren_marsh
from tests.ruleset.capability_probes import FightProbe

#: Initiative 6+1 for Juno and 1+1 for the jackal, then every roll a 4 (a face any die
#: shows): Juno's axe hits (4+4+3 = 11 against Guard 6) for 4+3, the Bite hits (4+4+2 = 10).
DICE = [6, 1, 1, 1] + [4] * 60
#: Juno's axe, the jackal's Bite, Juno's axe again (round 2, where an ending shows).
CHOICES = [{"actor": "juno", "option": "attack:gear:road-axe", "targets": ["rust-jackal"]},
           {"actor": "rust-jackal", "option": "action:bite", "targets": ["juno"]},
           {"actor": "juno", "option": "attack:gear:road-axe", "targets": ["rust-jackal"]}]


def _fight(marked: dict[str, Any], bite: dict[str, Any] | None = None,
           choices: list[dict[str, Any]] | None = None) -> tuple[Any, ...]:
    pkg = add_condition(roads(), "marked", "Marked", **copy.deepcopy(marked))
    # The keys of schema 2 (damage modifiers, target tests) need it declared; the jackal is
    # a beast, and Juno (no type field) a person.
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 290}
    pkg["combat"]["creatureTypes"] = {"types": [{"id": "beast", "label": "Beast"}, {"id": "person", "label": "Person"}],
                                      "default": "person"}
    pkg["catalogs"][0]["entries"][0]["creature"]["type"] = "beast"
    if bite:
        pkg["catalogs"][0]["entries"][0]["creature"]["actions"][0].update(copy.deepcopy(bite))
    juno = juno_roads()
    juno["sheet"]["live"] = {"conditions": ["marked"]}
    return pkg, [juno], [foe("rust-jackal")], list(DICE), copy.deepcopy(choices or CHOICES)


def marked(without: dict[str, Any], with_key: dict[str, Any], choices: list[dict[str, Any]] | None = None) -> FightProbe:
    """Marked (held by Juno) does `without`, or `with_key` where the key is set."""
    return FightProbe(lambda on: _fight(with_key if on else without, choices=choices))


def marked_modifier(without: dict[str, Any], with_key: dict[str, Any], choices: list[dict[str, Any]] | None = None) -> FightProbe:
    """Marked's one modifier is `without`, or `with_key` (the same with the key)."""
    return marked({"modifiers": [without]}, {"modifiers": [with_key]}, choices)


def _marsh_fight(marked: dict[str, Any], flare: dict[str, Any] | None = None) -> tuple[Any, ...]:
    """Lantern Marsh (one d12 for attacks, which a mode rolls twice), every die a 5: Juno,
    holding Marked, swings her Reed axe at the bog hound (12 Breath); or, when `flare` is
    given, Wren casts Lantern Flare at it instead (10 against Guard 8, 5 fire damage)."""
    pkg = add_condition(marsh(), "marked", "Marked", **copy.deepcopy(marked))
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 290}
    if flare:
        pkg["catalogs"][0]["entries"][0]["mechanics"].update(copy.deepcopy(flare))
    juno = juno_marsh()
    juno["sheet"]["live"] = {"conditions": ["marked"]}
    choice = ({"actor": "wren", "option": "ability:charms:lantern-flare", "targets": ["bog-hound"]} if flare
              else {"actor": "juno", "option": "attack:kit:reed-axe", "targets": ["bog-hound"]})
    return pkg, [juno, wren_marsh("lantern-flare")], [foe("bog-hound")], [5] * 60, [choice]


def marsh_modifier(without: dict[str, Any], with_key: dict[str, Any]) -> FightProbe:
    """Marked's one modifier on Lantern Marsh's Juno."""
    return FightProbe(lambda on: _marsh_fight({"modifiers": [with_key if on else without]}))


def flare_applies(with_key: dict[str, Any]) -> FightProbe:
    """Lantern Flare's Dazzled, with `with_key` added to the apply."""
    dazzled = {"condition": "dazzled", "duration": {"rounds": 1}}
    return FightProbe(lambda on: _marsh_fight({}, {"applies": [{**dazzled, **(with_key if on else {})}]}))


def bite_applies(without: dict[str, Any], with_key: dict[str, Any], choices: list[dict[str, Any]] | None = None) -> FightProbe:
    """The jackal's Bite applies one condition (Shaken, declared by the package) to Juno:
    `without`, or `with_key` (the same apply with the key)."""
    return FightProbe(lambda on: _fight({}, {"applies": [with_key if on else without]}, choices))


SHAKEN_ROUND = {"condition": "shaken", "duration": {"rounds": 1}}


def _with(base: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {**copy.deepcopy(base), **more}


JUNO_SWINGS = {"actor": "juno", "option": "attack:kit:reed-axe", "targets": ["bog-hound"]}
HOUND_DRAGS_JUNO = {"actor": "bog-hound", "option": "action:drag", "targets": ["juno"]}
HOUND_BITES_JUNO = {"actor": "bog-hound", "option": "action:bite", "targets": ["juno"]}
HOUND_DRAGS_WREN = {"actor": "bog-hound", "option": "action:drag", "targets": ["wren"]}
WREN_MENDS_JUNO = {"actor": "wren", "option": "ability:charms:marsh-mend", "targets": ["juno"]}


def _dread_fight(first_level: dict[str, Any], choice: dict[str, Any], more_levels: list[dict[str, Any]]) -> tuple[Any, ...]:
    """Lantern Marsh: Juno at Dread 2 and 3 Breath; Lantern Marsh's level at Dread 2 also
    does `first_level`, and `more_levels` join the package's levels. Every die is a 5 but
    the hound's attack after its health and the initiative (a 6: Drag down hits Guard 8) and
    its damage (a 3 on the d4)."""
    pkg = marsh()
    pkg["combat"]["levels"][0].update(copy.deepcopy(first_level))
    pkg["combat"]["levels"] += copy.deepcopy(more_levels)
    juno = juno_marsh()
    juno["sheet"]["live"] = {"pools": {"breath": 3}, "tracks": {"dread": 2}}
    return pkg, [juno, wren_marsh("marsh-mend")], [foe("bog-hound")], [5] * 5 + [6, 3] + [5] * 60, [dict(choice)]


def _wren_marked(marked: dict[str, Any]) -> tuple[Any, ...]:
    """The same fight, with Wren holding Marked (doing `marked`) while the hound drags Juno."""
    pkg, party, foes, dice, _choices = _dread_fight({}, HOUND_DRAGS_JUNO, [])
    add_condition(pkg, "marked", "Marked", **copy.deepcopy(marked))
    party[1]["sheet"]["live"] = {"conditions": ["marked"]}
    return pkg, party, foes, dice, [dict(HOUND_DRAGS_JUNO)]


def _juno_marked(marked: dict[str, Any], mired: dict[str, Any], choices: list[dict[str, Any]]) -> tuple[Any, ...]:
    """The same fight, with Juno holding Marked (doing `marked`) and Mired doing `mired`."""
    pkg, party, foes, dice, _choices = _dread_fight({}, HOUND_DRAGS_JUNO, [])
    add_condition(pkg, "marked", "Marked", **copy.deepcopy(marked))
    next(c for c in pkg["combat"]["conditions"] if c["condition"] == "mired").update(copy.deepcopy(mired))
    party[0]["sheet"]["live"] = {"conditions": ["marked"]}
    return pkg, party, foes, dice, copy.deepcopy(choices)


def _drag_until_save(at: str, marked: dict[str, Any] | None = None, mired: dict[str, Any] | None = None) -> tuple[Any, ...]:
    """The hound's Drag down puts Mired (doing `mired`) on Juno until a Grit save (at `at`)
    ends it, then (next round) it bites her; Juno holds Marked (doing `marked`) throughout.
    The hound is a beast, Juno a person."""
    pkg, party, foes, dice, _choices = _juno_marked(marked or {}, mired or {}, [])
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 290}
    pkg["combat"]["creatureTypes"] = {"types": [{"id": "beast", "label": "Beast"}, {"id": "person", "label": "Person"}],
                                      "default": "person"}
    hound = next(e for c in pkg["catalogs"] for e in c["entries"] if e["id"] == "bog-hound")["creature"]
    hound["actions"][1]["applies"] = [{"condition": "mired", "duration": "until-save", "saveEnds": {"save": "grit_save", "at": at}}]
    hound["actions"][1]["saveDifficulty"] = 12
    hound["type"] = "beast"
    party[0]["sheet"]["live"] = {"conditions": ["marked"]}  # at her full 11 Breath, so she stands after the Drag
    return pkg, party, foes, dice, [dict(HOUND_DRAGS_JUNO), dict(HOUND_BITES_JUNO)]


def _spat_on(rule: dict[str, Any], level: dict[str, Any]) -> tuple[Any, ...]:
    """The hound spits at Juno (Dread 2): 1d4 cut, a Grit save against 12 for half, which
    she fails (5 + 3 = 8); Marked (which she holds) does `rule`, the level at Dread 2 `level`."""
    pkg, party, foes, dice, _choices = _juno_marked(rule, {}, [])
    pkg["combat"]["levels"][0].update(copy.deepcopy(level))
    hound = next(e for c in pkg["catalogs"] for e in c["entries"] if e["id"] == "bog-hound")["creature"]
    hound["actions"].append({"id": "spit", "name": "Spit", "budget": "act", "damage": {"dice": "1d4", "type": "cut"},
                             "save": {"save": "grit_save", "difficulty": 12, "onSuccess": "half"}})
    party[0]["sheet"]["live"] = {"conditions": ["marked"], "tracks": {"dread": 2}}
    return pkg, party, foes, [5] * 5 + [4] + [5] * 60, [{"actor": "bog-hound", "option": "action:spit", "targets": ["juno"]}]


def _crit(modifier: dict[str, Any]) -> tuple[Any, ...]:
    pkg, party, foes, _dice, choices = _marsh_fight({"modifiers": [modifier]})
    return pkg, party, foes, [5] * 5 + [12] + [5] * 60, choices


def _grab(rule: dict[str, Any], level: dict[str, Any]) -> tuple[Any, ...]:
    """Juno (Dread 2, holding Marked, which does `rule`; the level at Dread 2 does `level`)
    tries to Grab the hound: a contest of Might checks, every die a 5."""
    pkg, party, foes, _dice, _choices = _juno_marked(rule, {}, [])
    pkg["combat"]["levels"][0].update(copy.deepcopy(level))
    party[0]["sheet"]["live"] = {"conditions": ["marked"], "tracks": {"dread": 2}}
    return pkg, party, foes, [5] * 60, [{"actor": "juno", "option": "contest:grab", "targets": ["bog-hound"]}]


def grab_probe(without: dict[str, Any], with_key: dict[str, Any], *, level: bool = False) -> FightProbe:
    """The Grab with Marked (or, `level`, the level at Dread 2) doing `without` or `with_key`."""
    def build(on: bool) -> tuple[Any, ...]:
        rule = with_key if on else without
        return _grab({}, rule) if level else _grab(rule, {})
    return FightProbe(build)


def _wren_flares(marked: dict[str, Any]) -> tuple[Any, ...]:
    """Wren, holding Marked (doing `marked`), casts Lantern Flare at the hound: every die a 5
    but the sixth, a 2 (the d2 of a delay, else the Flare's attack die)."""
    pkg, party, foes, dice, _choices = _wren_marked(marked)
    party[1] = wren_marsh("lantern-flare")
    party[1]["sheet"]["live"] = {"conditions": ["marked"]}
    return pkg, party, foes, [5] * 5 + [2] + [5] * 60, [
        {"actor": "wren", "option": "ability:charms:lantern-flare", "targets": ["bog-hound"]}]


def _offered(rule: dict[str, Any], on: bool, holder: str, taken: list[dict[str, Any]]) -> tuple[Any, ...]:
    """`holder` (Juno or Wren, who has no charms) holds Marked, which does `rule` when `on`;
    the `taken` choices are made only then. Every die a 5."""
    pkg, party, foes, _dice, _choices = _juno_marked(rule if on else {}, {}, [])
    party[0]["sheet"]["live"] = {"conditions": ["marked"]} if holder == "juno" else {}
    party[1] = wren_marsh()
    if holder == "wren":
        party[1]["sheet"]["live"] = {"conditions": ["marked"]}
    return pkg, party, foes, [5] * 60, copy.deepcopy(taken) if on else []


def save_modifier(with_key: dict[str, Any], without: dict[str, Any] | None = None) -> FightProbe:
    """Marked gives -2 to saves (`without`, or `with_key` added)."""
    def build(on: bool) -> tuple[Any, ...]:
        mod = {"to": "saves", "flat": -2, **copy.deepcopy(with_key if on else (without or {}))}
        return _drag_until_save("turn-end", {"modifiers": [mod]})
    return FightProbe(build)


def dread(with_key: dict[str, Any], choice: dict[str, Any]) -> FightProbe:
    return FightProbe(lambda on: _dread_fight(with_key if on else {}, choice, []))


#: Played keys: a scripted fight built with and without the key (`FightProbe`).
PLAYED_PROBES: dict[str, FightProbe] = {
    # A modifier's kinds: damage dealt, damage taken, a halved maximum.
    "Modifier.to = 'damage'": marked({}, {"modifiers": [{"to": "damage", "flat": 2}]}),
    "Modifier.to = 'damage-taken'": marked({}, {"modifiers": [{"to": "damage-taken", "flat": -1}]}),
    "Modifier.to = 'health-max'": marked({}, {"modifiers": [{"to": "health-max", "times": 0.5}]}),
    # Narrowing an attacks modifier: the Road axe is a melee weapon swung with Brawn, so a
    # modifier for spells, ranged blows or Wits leaves its roll alone.
    "Modifier.attacks = 'on an attacks modifier'": marked_modifier(
        {"to": "attacks", "flat": -2}, {"to": "attacks", "flat": -2, "attacks": "spell"}),
    "Modifier.blow = 'on an attacks modifier'": marked_modifier(
        {"to": "attacks", "flat": -2}, {"to": "attacks", "flat": -2, "blow": "ranged"}),
    "Modifier.ability = 'on an attacks modifier'": marked_modifier(
        {"to": "attacks", "flat": -2}, {"to": "attacks", "flat": -2, "ability": "wits"}),
    "Modifier.mode = 'on an attacks modifier'": marsh_modifier(
        {"to": "attacks", "flat": -2}, {"to": "attacks", "flat": -2, "mode": "disadvantage"}),
    # Disadvantage only on attacks at whoever applied Marked: Juno held it from the start.
    "Modifier.atSource": marsh_modifier(
        {"to": "attacks", "mode": "disadvantage"}, {"to": "attacks", "mode": "disadvantage", "atSource": True}),
    # Held back: the 1d4 is rolled only when the roll falls short, and Juno's axe hits.
    "Modifier.rescue": marked_modifier(
        {"to": "attacks", "dice": "1d4"}, {"to": "attacks", "dice": "1d4", "rescue": True}),
    # The axe's 1d6 rolled twice.
    "Modifier.diceTimes": marked_modifier({"to": "damage", "flat": 1}, {"to": "damage", "flat": 1, "diceTimes": 2},
                                          CHOICES[:1]),
    # The Bite's Shaken: applied only when the bound holds, only to a beast, ending after
    # the holder's own attack, only for the Bite itself, or counted in the jackal's turns.
    # Wren is Rank 2: a Dazzled kept for Rank 3 casters is not put on.
    "Apply.when": flare_applies({"when": {"value": {"field": "rank"}, "atLeast": 3}}),
    "Apply.targetIs": bite_applies(SHAKEN_ROUND, _with(SHAKEN_ROUND, targetIs={"types": ["beast"]})),
    "Apply.endsAfter": bite_applies(SHAKEN_ROUND, _with(SHAKEN_ROUND, endsAfter="own-attack")),
    "Apply.duration = 'this-action'": bite_applies(SHAKEN_ROUND, _with(SHAKEN_ROUND, duration="this-action")),
    # Round 2: Juno only ends her turn (her own round of Shaken is over), the jackal bites again.
    "RoundsDuration.of": bite_applies(SHAKEN_ROUND, _with(SHAKEN_ROUND, duration={"rounds": 1, "of": "source"}),
                                      CHOICES[:2] + CHOICES[1:2]),
    # Marked keeps Shaken off Juno.
    "CombatCondition.conditionImmunities": FightProbe(
        lambda on: _fight({"conditionImmunities": ["shaken"]} if on else {}, {"applies": [SHAKEN_ROUND]})),
    # Marked ends when Juno is attacked (the Bite), and more than two endings are written.
    "CombatCondition.endsWhen = 'attacked'": marked({}, {"endsWhen": ["attacked"]}),
    "CombatCondition.endsWhen = 'more than 2 endings'": marked(
        {"endsWhen": ["harmed-by-source-side", "ally-harmed-in-sight"]},
        {"endsWhen": ["harmed-by-source-side", "ally-harmed-in-sight", "attacked"]}),
    # When Marked ends (the Bite damages Juno), it leaves 1 harm behind.
    "OnEnd.harm": marked({"endsWhen": ["damaged"], "onEnd": {"applies": [SHAKEN_ROUND]}},
                         {"endsWhen": ["damaged"], "onEnd": {"applies": [SHAKEN_ROUND], "harm": {"flat": 1}}}),
    # Wren's Marked ends when Juno, her ally, is hurt where she sees it.
    "CombatCondition.endsWhen = 'ally-harmed-in-sight'": FightProbe(
        lambda on: _wren_marked({"endsWhen": ["ally-harmed-in-sight"]} if on else {})),
    # Marked and Mired are of one kind, of which Juno holds one at a time.
    "CombatCondition.oneAtATime": FightProbe(lambda on: _juno_marked(
        {"oneAtATime": "grip"} if on else {}, {"oneAtATime": "grip"}, [HOUND_DRAGS_JUNO])),
    # Marked ends when the Drag damages Juno, and moves her Dread one up / puts five conditions on.
    "OnEnd.tracks": FightProbe(lambda on: _juno_marked(
        {"endsWhen": ["damaged"], "onEnd": {"harm": {"flat": 1}, **({"tracks": [{"track": "dread", "by": 1}]} if on else {})}},
        {}, [HOUND_DRAGS_JUNO])),
    "OnEnd.applies = 'more than 4 items'": FightProbe(lambda on: _juno_marked(
        {"endsWhen": ["damaged"], "onEnd": {"applies": [{"condition": c, "duration": {"rounds": 1}}
                                                        for c in ("dazzled", "warded", "hexed", "held", "mired")[:5 if on else 4]]}},
        {}, [HOUND_DRAGS_JUNO])),
    # Juno's Mired (from the Drag) is saved against when she is damaged, not at her turn's end.
    "SaveEnds.at = 'damaged'": FightProbe(lambda on: _drag_until_save("damaged" if on else "turn-end")),
    # Mired is saved against again when the Bite damages Juno.
    "CombatCondition.saveWhenDamaged": FightProbe(lambda on: _drag_until_save(
        "turn-end", {}, {"saveWhenDamaged": True} if on else {})),
    # Marked's -2 to saves, narrowed to saves that it misses (Juno's save to end Mired is a
    # Grit save, against a condition the hound's Drag down put on).
    "Modifier.saves": save_modifier({"saves": ["nerve_save"]}),
    "Modifier.against": save_modifier({"against": {"conditions": ["hexed"]}}),
    "SaveAgainst.from": save_modifier({"against": {"from": {"types": ["person"]}}}),
    "SaveAgainst.actions": save_modifier({"against": {"conditions": ["mired"], "actions": ["Bite"]}},
                                         {"against": {"conditions": ["mired"]}}),
    "SaveAgainst.casts": save_modifier({"against": {"conditions": ["mired"], "casts": ["charms"]}},
                                       {"against": {"conditions": ["mired"]}}),
    # Evasion on the Grit save: a failed save halves the Spit (4 → 2).
    "CombatCondition.evasion": FightProbe(lambda on: _spat_on({"evasion": ["grit_save"]} if on else {}, {})),
    "CombatLevel.evasion": FightProbe(lambda on: _spat_on({}, {"evasion": ["grit_save"]} if on else {})),
    # Juno rolls a 12 (a critical hit): Marked's damage modifier adds one more die of the axe.
    "Modifier.criticalDice": FightProbe(lambda on: _crit({"to": "damage", "flat": 1, **({"criticalDice": 1} if on else {})})),
    # Juno's side of the Grab (a contest rolls combat's checks, which skills do not reach).
    "CombatCondition.effects = 'own-checks-advantage'": grab_probe({}, {"effects": ["own-checks-advantage"]}),
    "CombatCondition.effects = 'own-checks-disadvantage'": grab_probe({}, {"effects": ["own-checks-disadvantage"]}),
    "CombatCondition.skills": grab_probe({"effects": ["own-checks-advantage"]},
                                         {"effects": ["own-checks-advantage"], "skills": ["wade"]}),
    "CombatLevel.effects = 'own-checks-advantage'": grab_probe({}, {"effects": ["own-checks-advantage"]}, level=True),
    "CombatLevel.effects = 'own-checks-disadvantage'": grab_probe({}, {"effects": ["own-checks-disadvantage"]}, level=True),
    "CombatLevel.skills": grab_probe({"effects": ["own-checks-advantage"]},
                                     {"effects": ["own-checks-advantage"], "skills": ["wade"]}, level=True),
    "Modifier.skills": grab_probe({"modifiers": [{"to": "checks", "flat": 2}]},
                                  {"modifiers": [{"to": "checks", "flat": 2, "skills": ["wade"]}]}),
    # Wren's Marked holds back a charm paid with her Action on a d2 of 1 or more (always).
    "CombatCondition.delays": FightProbe(lambda on: _wren_flares(
        {"delays": {"catalogs": ["charms"], "budget": "act", "chance": {"sides": 2, "atLeast": 1}}} if on else {})),
    # Options only the key makes: with it the fight takes the option (an ignored key would
    # have it refused, and the probe fails); without it that turn just ends.
    # Wren shakes Juno out of Marked with her Action.
    "CombatCondition.shakeOff": FightProbe(lambda on: _offered(
        {"shakeOff": {"budget": "act"}}, on, "juno", [{"actor": "wren", "option": "shake-off:juno:marked", "targets": []}])),
    # Marked lets Juno swing once more with her Quick action.
    "CombatCondition.grants": FightProbe(lambda on: _offered(
        {"grants": {"budget": "quick", "attacks": True}}, on, "juno",
        [JUNO_SWINGS, {**JUNO_SWINGS, "option": "attack:kit:reed-axe@quick"}])),
    # Juno at Dread 2, where Lantern Marsh's first level sits.
    "CombatLevel.defeats": dread({"defeats": True}, HOUND_DRAGS_WREN),
    "CombatLevel.conditionImmunities": dread({"conditionImmunities": ["mired"]}, HOUND_DRAGS_JUNO),
    "CombatLevel.effects = 'cannot-heal'": dread({"effects": ["cannot-heal"]}, WREN_MENDS_JUNO),
    # A level read off a derived value: Juno's Guard is 8.
    "CombatLevel.derived": FightProbe(lambda on: _dread_fight({}, JUNO_SWINGS, [
        {"derived": "guard", "at": 8, "modifiers": [{"to": "attacks", "flat": -2}]}] if on else [])),
}
#: Played keys put on the objects of a whole fight the Engine plays: (scenario, value).
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {
    # Juno's Marked: her attacks at -2, one more Action a turn, ended by the Bite.
    "CombatCondition.modifiers": ("roads", [{"to": "attacks", "flat": -2}]),
    "CombatCondition.budgets": ("roads", [{"budget": "act", "flat": 1}]),
    "CombatCondition.endsWhen": ("roads", ["attacked"]),
}
#: Refusal keys: (value, companions) when the key's type alone gives no accepted value.
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {}
#: Refusal values: (key, value, companions).
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {}
