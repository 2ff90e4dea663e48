"""The keys spec/mechanics-2.md (and the condition keys of mechanics-3.md) add to blocks
other than `mechanics`: combat conditions, their `grants` and `onEnd`, levels, and the
`saveEnds` of an `applies` item."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ruleset.minimal import problems_of
from tests.ruleset.entry_kit import MECH, rich_package, with_entry

COND = "combat.conditions[6]"
NOT_YET = "is not supported by marinara-battle yet"


def with_condition(entry: dict[str, Any], pkg: dict[str, Any] | None = None) -> dict[str, Any]:
    """The rich package with one more combat condition (`combat.conditions[6]`)."""
    pkg = pkg if pkg is not None else rich_package()
    pkg["combat"]["conditions"].append(entry)
    return pkg


EXAMPLES = {
    "uses granted by a condition (1.236)": {"condition": "raging", "actions": ["spells/bless"]},
    "frenzy grant and exhaustion on end (1.239)": {
        "condition": "frenzied",
        "grants": {"budget": "bonus", "attacks": True, "melee": True, "names": ["Greataxe"], "afterAttack": True},
        "onEnd": {"tracks": [{"track": "exhaustion", "by": 1}]},
    },
    "hurl through hell (1.245)": {
        "condition": "quivering",
        "onEnd": {"harm": {"dice": "10d10", "type": "psychic", "unless": {"types": ["fiend"]}}},
    },
    "afterAttack by weapon tags (1.246)": {
        "condition": "raging",
        "grants": {"budget": "bonus", "attacks": True, "afterAttack": {"items": {"tags": ["simple", "melee"], "notTags": ["heavy"]}}},
    },
    "evasion (1.250)": {"condition": "raging", "evasion": ["dex_save"]},
    "bardic one at a time (1.256)": {"condition": "inspired", "oneAtATime": "bardic"},
    "heroism temporary points (1.274)": {"condition": "inspired", "temporary": {"at": "turn-start", "value": True, "lostWhenEnds": True}},
    "antipathy fright held close (1.275)": {"condition": "restrained", "whileSourceInSight": True, "orSourceWithin": 60},
    "mindless rage suppresses (1.275)": {"condition": "raging", "suppresses": ["charmed", "frightened"]},
    "calm emotions endings (1.278)": {
        "condition": "grappled",
        "effects": ["cannot-target-source-side"],
        "endsWhen": ["damaged", "attacked", "ally-harmed-in-sight"],
        "endsWhenHarmedFrom": ["spells"],
    },
}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_condition_example_validates(name):
    # Keys refused for now (issue 19) are named, and nothing else is said.
    expected: list[str] = []
    assert problems_of(with_condition(EXAMPLES[name])) == expected


def test_evasion_on_a_level():
    pkg = rich_package()
    pkg["combat"]["levels"] = [{"track": "exhaustion", "at": 1, "evasion": ["dex_save"]}]
    assert problems_of(pkg) == []


def test_heroism_fixes_its_number_when_applied():
    heroism = {
        "kind": "buff",
        "targets": "ally",
        "applies": [{"condition": "inspired", "duration": {"rounds": 10}, "value": {"abilityMod": "wits"}}],
    }
    pkg = with_entry(heroism, with_condition(EXAMPLES["heroism temporary points (1.274)"]))
    # Valid and played since issue 24 (tests/combat/test_condition_temporary.py).
    assert problems_of(pkg) == []


def test_sympathy_save_by_source():
    sympathy = {
        "kind": "debuff",
        "save": {"save": "con_save"},
        "applies": [{"condition": "charmed", "duration": "until-save", "saveEnds": {"save": "con_save", "at": "damaged", "bySource": True}}],
    }
    # `bySource` is played (tests/combat/test_condition_mechanics.py): nothing is said.
    assert problems_of(with_entry(sympathy)) == []


REFUSALS: list[tuple[str, dict[str, Any], list[str]]] = [
    (
        "a grant narrowed to melee without attacks",
        {"condition": "raging", "grants": {"budget": "bonus", "standard": ["dash"], "melee": True}},
        [f'{COND}.grants.melee: "melee" narrows the granted strike, so it needs "attacks": true'],
    ),
    (
        "a grant's afterAttack with an unknown item tag",
        {"condition": "raging", "grants": {"budget": "bonus", "attacks": True, "afterAttack": {"items": {"tags": ["finesse"]}}}},
        [f'{COND}.grants.afterAttack.items.tags[0]: unknown item tag "finesse"'],
    ),
    (
        "actions naming an entry that does not exist",
        {"condition": "raging", "actions": ["spells/banishment"]},
        [f'{COND}.actions[0]: unknown entry "banishment" in catalog "spells"'],
    ),
    (
        "actions naming a catalog that does not exist",
        {"condition": "raging", "actions": ["prayers/bless"]},
        [f'{COND}.actions[0]: unknown catalog "prayers"'],
    ),
    (
        "orSourceWithin without whileSourceInSight",
        {"condition": "restrained", "orSourceWithin": 60},
        [f'{COND}.orSourceWithin: "orSourceWithin" goes next to "whileSourceInSight"'],
    ),
    (
        "a condition suppressing itself",
        {"condition": "raging", "suppresses": ["raging"]},
        [f'{COND}.suppresses: "suppresses" names "raging" itself'],
    ),
    (
        "suppressing an unknown condition",
        {"condition": "raging", "suppresses": ["dazed"]},
        [f'{COND}.suppresses[0]: unknown condition "dazed": declare it in "sheet.live.conditions"'],
    ),
    (
        "endsWhenHarmedFrom an unknown catalog",
        {"condition": "grappled", "endsWhenHarmedFrom": ["prayers"]},
        [f'{COND}.endsWhenHarmedFrom[0]: unknown catalog "prayers"'],
    ),
    (
        "temporary points of nothing",
        {"condition": "inspired", "temporary": {"at": "turn-start"}},
        [f'{COND}.temporary: "temporary" needs "dice", "flat" or "value"'],
    ),
    (
        "evasion naming a save twice",
        {"condition": "raging", "evasion": ["dex_save", "dex_save"]},
        [f'{COND}.evasion: "evasion" names "dex_save" twice'],
    ),
    (
        "onEnd shifting a harm-free pool",
        {"condition": "raging", "onEnd": {"tracks": [{"track": "luck", "by": 1}]}},
        [f'{COND}.onEnd.tracks[0].track: unknown track "luck"'],
    ),
]


@pytest.mark.parametrize("name,entry,expected", REFUSALS, ids=[r[0] for r in REFUSALS])
def test_condition_refused(name, entry, expected):
    assert sorted(problems_of(with_condition(entry))) == sorted(expected)


def test_save_ends_by_source_needs_a_save_on_damage():
    entry = {
        "kind": "debuff",
        "save": {"save": "con_save"},
        "applies": [{"condition": "charmed", "duration": "until-save", "saveEnds": {"save": "con_save", "at": "turn-end", "bySource": True}}],
    }
    assert problems_of(with_entry(entry)) == [f'{MECH}.applies[0].saveEnds.bySource: "bySource" goes on a save with "at": "damaged"']


def test_value_reads_what_the_sheet_has():
    entry = {"kind": "buff", "applies": [{"condition": "inspired", "duration": {"rounds": 10}, "value": {"abilityMod": "heart"}}]}
    assert problems_of(with_entry(entry)) == [f'{MECH}.applies[0].value.abilityMod: unknown ability "heart"']


# ---------------------------------------------------------------------------
# A compelled table plays (tests/combat/test_confusion.py; diseases play: 1.258-1.261)
# ---------------------------------------------------------------------------

PLAYED: list[tuple[str, dict[str, Any]]] = [
    ("behavior.table", {"condition": "grappled", "behavior": {"table": {"dice": "1d10", "rows": [
        {"atMost": 1, "does": "wander"}, {"atMost": 6, "does": "nothing"}, {"atMost": 8, "does": "strike"}]}}}),
]


@pytest.mark.parametrize("key,entry", PLAYED, ids=[p[0] for p in PLAYED])
def test_a_compelled_key_that_plays_validates(key, entry):
    assert problems_of(with_condition(entry)) == []


DISEASE_KEYS: list[tuple[str, dict[str, Any]]] = [
    ("kinds", {"condition": "acid_burn", "kinds": ["disease"]}),
    ("onRest", {"condition": "acid_burn", "onRest": {"rests": ["camp"], "lowersMax": {"dice": "3d6"}, "lasting": True}}),
    ("onDamaged", {"condition": "acid_burn", "onDamaged": {"applies": [{"condition": "prone", "duration": {"rounds": 1}}]}}),
    ("expires", {"condition": "acid_burn", "expires": {"becomes": "restrained"}}),
    ("curedOnlyBy", {"condition": "acid_burn", "curedOnlyBy": {"catalogs": ["spells"], "minLevel": 6}}),
]


@pytest.mark.parametrize("key,entry", DISEASE_KEYS, ids=[d[0] for d in DISEASE_KEYS])
def test_a_disease_key_validates(key, entry):
    """Diseases play (shared/combat/diseases.py, shared/sheet/diseases.py)."""
    assert problems_of(with_condition(entry)) == []


def test_contagion_counts_saves_and_validates():
    contagion = {
        "kind": "debuff",
        "save": {"save": "con_save"},
        "applies": [{
            "condition": "stunned", "duration": "until-save",
            "saveEnds": {"save": "con_save", "at": "turn-end", "successes": 3, "failures": {"count": 3, "becomes": "restrained"}},
        }],
    }
    assert problems_of(with_entry(contagion)) == []


def test_irresistible_dance_save_on_an_action_validates():
    # Played since issue 28 (tests/combat/test_auras.py, a save spent an action on).
    dance = {
        "kind": "debuff",
        "applies": [{"condition": "stunned", "duration": "until-save", "saveEnds": {"save": "con_save", "at": "action"}}],
    }
    assert problems_of(with_entry(dance)) == []


def test_an_aura_cannot_spread_a_condition_with_its_own_aura():
    pkg = with_condition({"condition": "raging", "auras": [{"conditions": ["inspired"], "distance": 10, "side": "allies"}]})
    pkg["combat"]["conditions"].append({"condition": "inspired", "auras": [{"conditions": ["raging"], "distance": 10, "side": "allies"}]})
    lines = problems_of(pkg)
    assert f'{COND}.auras[0].conditions[0]: "inspired" carries an aura of its own, so an aura cannot spread it' in lines


def test_aura_rules_hold():
    entry = {"condition": "raging", "auras": [{"conditions": ["inspired"], "distance": 10, "side": "enemies", "self": True}]}
    assert problems_of(with_condition(entry)) == [
        f'{COND}.auras[0].self: "self" includes the holder, so it does not go with "side": "enemies"'
    ]


def test_compelled_table_goes_up():
    entry = {"condition": "grappled", "behavior": {"table": {"dice": "1d10", "rows": [{"atMost": 6, "does": "nothing"}, {"atMost": 1, "does": "wander"}]}}}
    assert problems_of(with_condition(entry)) == [f'{COND}.behavior.table.rows: "rows" go up: each "atMost" is above the one before it']


def test_compelled_turn_parts_must_be_standard_actions():
    entry = {"condition": "grappled", "behavior": {"only": ["move", "pray"]}}
    assert sorted(problems_of(with_condition(entry))) == [
        f'{COND}.behavior.only[1]: "pray" is not "move", "escape" or one of "combat.standard"',
    ]


def test_a_rest_a_disease_lowers_health_on_must_exist():
    entry = {"condition": "acid_burn", "onRest": {"rests": ["long"], "lowersMax": {"dice": "3d6"}}}
    assert sorted(problems_of(with_condition(entry))) == [f'{COND}.onRest.rests[0]: unknown rest "long"']
