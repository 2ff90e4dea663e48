"""Who an option may be aimed at: `cannot-target-source` and `cannot-target-source-side`
(1.278), `whileSourceInSight` without a board, creature types and `targetTypes` (1.168, with
the score bounds and `notImmuneTo` of 1.185/1.191), senses (`lacks` / `needs`, 1.127) and
`usableWhen` (1.166). See conditions_kit.py for the package and the numbers."""

from __future__ import annotations

from shared.combat.fight import Fight
from shared.combat.creature_types import tags_of, type_of
from tests.combat.conditions_kit import AXE, base, charm, condition, juno_marsh, juno_wren_vs


def _targets(bout, actor: str, option: str) -> list[str]:
    found = bout.options(actor).get(option)
    return found.targets if found is not None else []


# ---------------------------------------------------------------------------
# cannot-target-source, cannot-target-source-side
# ---------------------------------------------------------------------------


def test_cannot_target_source_takes_only_the_source_off_the_menu():
    pkg = base()
    condition(pkg, "charmed", effects=["cannot-target-source"])
    b = juno_wren_vs(pkg, ["stoat", "stoat"], [])
    b.put("juno", "charmed", source="stoat")
    assert _targets(b, "juno", AXE) == ["stoat-2"]
    assert b.refusal("juno", AXE, "stoat").as_dict() == {
        "code": "bad-target", "message": "'stoat' cannot be aimed at with Reed axe now"}


def test_cannot_target_source_side_takes_the_whole_side_off_and_the_option_goes():
    pkg = base()
    condition(pkg, "awed", effects=["cannot-target-source-side"])
    b = juno_wren_vs(pkg, ["stoat", "stoat"], [])
    b.put("juno", "awed", source="stoat")
    options = b.options("juno")
    assert AXE not in options
    # Help aims at an ally, who is not on the source's side.
    assert options["standard:help"].targets == ["wren"]


def test_cannot_target_source_side_excludes_nobody_when_the_source_is_on_the_holders_side():
    pkg = base()
    condition(pkg, "awed", effects=["cannot-target-source-side"])
    b = juno_wren_vs(pkg, ["stoat", "stoat"], [])
    b.put("juno", "awed", source="wren")
    assert _targets(b, "juno", AXE) == ["stoat", "stoat-2"]


def test_while_source_in_sight_applies_every_effect_without_a_board():
    pkg = base()
    condition(pkg, "frightened", effects=["own-attacks-disadvantage", "cannot-target-source"],
              whileSourceInSight=["own-attacks-disadvantage"])
    b = juno_wren_vs(pkg, ["stoat", "stoat"], [3, 9, 4])
    b.put("juno", "frightened", source="stoat")
    assert _targets(b, "juno", AXE) == ["stoat-2"]
    lines = b.choose("juno", AXE, "stoat-2")
    assert lines[0] == ("Juno attacks Stoat 2 with Reed axe: 3 (disadvantage; dropped 9) + 3 = 6 "
                        "against Guard 8, a miss.")


# ---------------------------------------------------------------------------
# creature types
# ---------------------------------------------------------------------------


def test_a_characters_type_is_its_field_when_that_is_a_type_and_the_default_otherwise():
    pkg = base()
    b = juno_wren_vs(pkg, ["stoat", "lump"], [], juno=juno_marsh(fields={"stamina": 3, "rank": 2, "kin": "beast"}))
    fight = Fight(b.rs, b.state)
    assert type_of(fight, b.who("juno")) == "beast"
    assert type_of(fight, b.who("wren")) == "humanoid"
    assert (type_of(fight, b.who("stoat")), tags_of(b.who("stoat"))) == ("beast", ["swamp"])
    assert (type_of(fight, b.who("lump")), tags_of(b.who("lump"))) == (None, [])


def test_target_types_is_and_not_filter_the_menu():
    pkg = base()
    soothe = charm(pkg, "soothe-beast", {"kind": "debuff", "targets": "enemy",
                                         "targetTypes": {"is": {"types": ["beast"]}},
                                         "applies": [{"condition": "mired", "duration": {"rounds": 1}}]})
    sleep = charm(pkg, "sleep-mist", {"kind": "debuff", "targets": "enemy", "targetCount": 3,
                                      "targetTypes": {"not": {"types": ["undead"]}},
                                      "applies": [{"condition": "mired", "duration": {"rounds": 1}}]})
    swamp = charm(pkg, "bog-call", {"kind": "debuff", "targets": "enemy",
                                    "targetTypes": {"is": {"tags": ["swamp"]}},
                                    "applies": [{"condition": "mired", "duration": {"rounds": 1}}]})
    b = juno_wren_vs(pkg, ["stoat", "ghoul", "lump"], [], charms=("soothe-beast", "sleep-mist", "bog-call"))
    b.choose("juno", "end-turn")
    options = b.options("wren")
    assert options[soothe].targets == ["stoat"]
    assert (options[sleep].targets, options[sleep].count) == (["stoat", "lump"], 2)
    assert [f.target for f in options[sleep].forecasts] == ["stoat", "lump"]
    assert options[swamp].targets == ["stoat"]


def test_target_types_reads_a_characters_type_for_allies():
    pkg = base()
    kin = charm(pkg, "kin-blessing", {"kind": "buff", "targets": "ally", "targetTypes": {"is": {"types": ["humanoid"]}},
                                      "applies": [{"condition": "warded", "duration": {"rounds": 1}}]})
    b = juno_wren_vs(pkg, ["stoat"], [], charms=("kin-blessing",),
                     juno=juno_marsh(fields={"stamina": 3, "rank": 2, "kin": "beast"}))
    b.choose("juno", "end-turn")
    assert b.options("wren")[kin].targets == ["wren"]


def test_score_bounds_and_not_immune_to():
    pkg = base()
    pkg["catalogs"][1]["entries"][-3]["creature"]["abilities"] = {"lore": 1}
    pkg["catalogs"][1]["entries"][-2]["creature"]["conditionImmunities"] = ["mired"]
    dull = charm(pkg, "dull-wits", {"kind": "debuff", "targets": "enemy", "targetCount": 3,
                                    "targetTypes": {"abilityAtLeast": {"lore": 2}, "notImmuneTo": ["mired"]},
                                    "applies": [{"condition": "mired", "duration": {"rounds": 1}}]})
    b = juno_wren_vs(pkg, ["stoat", "ghoul", "lump"], [], charms=("dull-wits",))
    b.choose("juno", "end-turn")
    # The stoat's Lore 1 is below 2; the ghoul is immune to Mired; the lump has no Lore recorded.
    assert b.options("wren")[dull].targets == ["lump"]


# ---------------------------------------------------------------------------
# senses
# ---------------------------------------------------------------------------


def _senses_pkg() -> tuple[dict, str, str]:
    pkg = base()
    condition(pkg, "deafened", lacks=["hearing"])
    command = charm(pkg, "command", {"kind": "debuff", "targets": "enemy", "needs": ["hearing"],
                                     "applies": [{"condition": "mired", "duration": {"rounds": 1}}]})
    shout = charm(pkg, "shout", {"kind": "debuff", "targets": "enemy", "targetCount": 2, "needs": ["hearing"],
                                 "applies": [{"condition": "mired", "duration": {"rounds": 1}}]})
    return pkg, command, shout


def test_a_target_lacking_a_needed_sense_drops_out_and_is_valid_again_when_it_ends():
    pkg, command, shout = _senses_pkg()
    b = juno_wren_vs(pkg, ["stoat", "lump"], [], charms=("command", "shout"))
    b.put("stoat", "deafened", rounds=1)
    b.choose("juno", "end-turn")
    options = b.options("wren")
    assert options[command].targets == ["lump"]
    assert (options[shout].targets, options[shout].count) == (["lump"], 1)
    b.who("stoat").conditions.clear()
    assert b.options("wren")[command].targets == ["stoat", "lump"]


def test_an_option_whose_every_target_lacks_the_sense_is_left_off():
    pkg, command, _shout = _senses_pkg()
    b = juno_wren_vs(pkg, ["stoat"], [], charms=("command",))
    b.put("stoat", "deafened")
    b.choose("juno", "end-turn")
    assert command not in b.options("wren")


def _stoat_howl_targets(**keys) -> list[str] | None:
    """The stoat's Howl (`keys` added) against Juno (deafened) and Wren (deafened and
    blinded): the targets its menu offers, None when the Howl is left off."""
    pkg, _command, _shout = _senses_pkg()
    condition(pkg, "blinded", lacks=["sight"])
    stoat = next(e for c in pkg["catalogs"] for e in c["entries"] if e["id"] == "stoat")["creature"]
    stoat["actions"].append({"id": "howl", "name": "Howl", "budget": "act", "range": 12,
                             "applies": [{"condition": "mired", "duration": {"rounds": 1}}], **keys})
    b = juno_wren_vs(pkg, ["stoat"], [])
    b.put("juno", "deafened")
    b.put("wren", "deafened")
    b.put("wren", "blinded")
    b.choose("juno", "end-turn")
    b.choose("wren", "end-turn")
    howl = b.options("stoat").get("action:howl")
    return None if howl is None else list(howl.targets)


def test_a_creature_actions_needs_and_needs_any_read_the_targets_senses():
    # A creature action's `needs` (combat-1, 1.127) works as an entry's: needing hearing,
    # the Howl has no target left (both are deafened) and is left off the menu.
    assert _stoat_howl_targets() == ["juno", "wren"]
    assert _stoat_howl_targets(needs=["hearing"]) is None
    # `needsAny` (1.267): one of hearing or sight is enough, so Juno (who still sees)
    # qualifies; Wren, deafened and blinded, has neither.
    assert _stoat_howl_targets(needs=["hearing", "sight"], needsAny=True) == ["juno"]
    assert _stoat_howl_targets(needs=["hearing", "sight"]) is None


# ---------------------------------------------------------------------------
# usableWhen
# ---------------------------------------------------------------------------


def test_usable_when_reads_the_holders_sheet_each_time_the_menu_is_drawn():
    pkg = base()
    last = charm(pkg, "last-gasp", {"kind": "attack", "targets": "enemy", "attackRoll": True, "amount": {"dice": "1d6"},
                                    "usableWhen": {"value": {"livePool": "breath"}, "atMost": 3}})
    b = juno_wren_vs(pkg, ["stoat"], [], charms=("last-gasp",))
    b.choose("juno", "end-turn")
    assert last not in b.options("wren")
    b.who("wren").sheet["live"] = {"pools": {"breath": 3}}
    assert last in b.options("wren")


def test_a_sequence_picks_its_next_target_by_the_same_rules():
    pkg = base()
    condition(pkg, "charmed", effects=["cannot-target-source"])
    ghoul = next(e for e in pkg["catalogs"][1]["entries"] if e["id"] == "ghoul")["creature"]
    ghoul["actions"].append({"id": "flurry", "name": "Flurry", "budget": "act", "sequence": [{"action": "claw", "times": 2}]})
    b = juno_wren_vs(pkg, ["ghoul"], [9, 3])
    b.who("wren").sheet["live"] = {"pools": {"breath": 1}}
    b.put("ghoul", "charmed", source="juno")
    b.choose("juno", "end-turn")
    b.choose("wren", "end-turn")
    assert b.options("ghoul")["action:flurry"].targets == ["wren"]
    lines = b.choose("ghoul", "action:flurry", "wren")
    # Wren goes down to the first claw; the only one left standing is Juno, whom the ghoul cannot aim at.
    assert lines[:5] == ["Ghoul uses Flurry.", "Ghoul attacks Wren with Claw: 9 + 4 = 13 against Guard 8, a hit.",
                         "Claw (3) deals 3 cut damage to Wren.", "Wren has 0 of 7 Breath.", "Wren goes down."]
    assert not any("attacks Juno" in line for line in lines)
