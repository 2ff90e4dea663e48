"""Creatures beyond one plain strike: `damage.alternatives` (twoHanded unless `shield`,
`selfHealthAtMost`), heals with `targets`, `self` actions, `spellcasting` (block and sheet
numbers, uses per day, at will, `level`, covens), signature points, and a sheet creature
with no health left out.

Attacks roll 2d6 against Guard; Juno (Guard 6, 10 Grit) acts first on 6 + 6, creatures
roll 1 + 1 for initiative unless a test says otherwise.
"""

from __future__ import annotations

from tests.combat.extras_kit import add_knack, juno, knack_roads, pell
from tests.combat.kit import Bout, add_creature, foe, ruleset

SPARK = {"kind": "attack", "autoHit": True, "amount": {"dice": "1d6"}, "damageType": "fire",
         "cost": [{"pool": "ember_1", "amount": 1}], "perCostStep": {"dice": "1d6"}, "targetsPerCostStep": 1}
BOLT = {"kind": "attack", "attackRoll": True, "amount": {"dice": "1d8"}, "damageType": "cold"}
HUSH = {"kind": "debuff", "save": {"save": "nerve", "onSuccess": "none"},
        "applies": [{"condition": "braced", "duration": {"rounds": 1}}]}


def _block(**extra) -> dict:
    return {"health": 30, "defense": 5, "initiativeModifier": 0, "tier": "pack", **extra}


def creatures_package() -> dict:
    """Ember Roads with knacks and the creatures of these tests (the capability guard's
    probes build on it too)."""
    pkg = knack_roads()
    add_knack(pkg, "spark", "Spark", SPARK)
    add_knack(pkg, "bolt", "Frost Bolt", BOLT)
    add_knack(pkg, "hush", "Hush", HUSH)
    club = {"id": "club", "name": "Club", "budget": "act", "toHit": 3,
            "damage": {"dice": "1d6", "flat": 1, "type": "cut",
                       "alternatives": [{"when": "twoHanded", "dice": "1d10", "flat": 1}]}}
    add_creature(pkg, "ogre", "Ogre", _block(actions=[club]))
    add_creature(pkg, "shield-ogre", "Shield ogre", _block(shield=True, actions=[club]))
    add_creature(pkg, "swarm", "Swarm", _block(health=20, actions=[
        {"id": "bites", "name": "Bites", "budget": "act", "toHit": 3,
         "damage": {"dice": "2d4", "alternatives": [{"when": {"selfHealthAtMost": 0.5}, "dice": "1d4"}]}}]))
    add_creature(pkg, "deva", "Deva", _block(actions=[
        {"id": "touch", "name": "Healing touch", "budget": "act", "heal": {"dice": "1d4", "flat": 2},
         "targets": "ally", "uses": {"per": "day", "count": 1}},
        {"id": "gift", "name": "Gift of breath", "budget": "act", "heal": {"flat": 3}, "targets": "any"},
        {"id": "strange", "name": "Strange mending", "budget": "act", "heal": {"flat": 1}},
        {"id": "brace", "name": "Brace", "budget": "quick", "self": True,
         "applies": [{"condition": "braced", "duration": {"rounds": 1}}]},
    ]))
    add_creature(pkg, "dryad", "Dryad", _block(
        actions=[{"id": "slap", "name": "Slap", "budget": "act", "toHit": 1, "damage": {"flat": 1}}],
        spellcasting={"toHit": 4, "saveDifficulty": 12, "spells": [
            {"entry": "knacks/spark", "uses": {"per": "day", "count": 1}, "level": 3},
            {"entry": "knacks/bolt"},
            {"entry": "knacks/hush"},
        ]}))
    add_creature(pkg, "marsh-hag", "Marsh hag", _block(
        actions=[{"id": "slap", "name": "Slap", "budget": "act", "toHit": 1, "damage": {"flat": 1}}],
        spellcasting={"toHit": 2, "coven": {"id": "marsh_hags", "size": 3, "within": 30}, "spells": [
            {"entry": "knacks/spark", "coven": True, "uses": {"per": "day", "count": 1}}]}))
    add_creature(pkg, "frost-witch", "Frost witch", {"tier": "pack", "spellcasting": {"spells": [
        {"entry": "knacks/bolt", "uses": {"per": "day", "count": 2}}]},
        "sheet": {"abilities": {"wits": 2}, "fields": {"toughness": 1}}})
    add_creature(pkg, "sentinel", "Sentinel", _block(signaturePoints=2, actions=[
        {"id": "slam", "name": "Slam", "budget": "act", "toHit": 3, "damage": {"dice": "1d6"}},
        {"id": "quick_slam", "name": "Quick slam", "budget": "act", "toHit": 3, "damage": {"dice": "1d6"},
         "signature": {"cost": 1}}]))
    return pkg


def _bout(foes: list[dict], dice: list[int], party: list[dict] | None = None, first: str = "juno") -> Bout:
    party = party or [juno()]
    init = [6, 6] * len(party) if first == "juno" else [1, 1] * len(party)
    return Bout(ruleset(creatures_package()), party, foes, dice=init + ([1, 1] if first == "juno" else [6, 6]) * len(foes) + dice)


# ---------------------------------------------------------------------------
# damage alternatives
# ---------------------------------------------------------------------------


def test_two_handed_holds_unless_the_creature_has_a_shield():
    bout = _bout([foe("ogre")], [6, 5, 7], first="ogre")
    assert bout.options("ogre")["action:club"].forecasts[0].damage == round(float(_hit_2d6(3, 6)) * 6.5, 3)
    lines = bout.choose("ogre", "action:club", "juno")
    assert lines[1] == "Club (7 + 1 = 8, two-handed) deals 8 cut damage to Juno."
    shielded = _bout([foe("shield-ogre")], [6, 5, 4], first="ogre")
    assert shielded.options("shield-ogre")["action:club"].forecasts[0].damage == round(float(_hit_2d6(3, 6)) * 4.5, 3)
    assert shielded.choose("shield-ogre", "action:club", "juno")[1] == "Club (4 + 1 = 5) deals 5 cut damage to Juno."


def test_self_health_at_most_reads_the_creature_as_it_stands():
    bout = _bout([foe("swarm")], [6, 6, 2, 3, 6, 5, 3], first="swarm")
    assert bout.options("swarm")["action:bites"].forecasts[0].damage == round(float(_hit_2d6(3, 6)) * 5, 3)
    bout.who("swarm").health = 10
    assert bout.options("swarm")["action:bites"].forecasts[0].damage == round(float(_hit_2d6(3, 6)) * 2.5, 3)
    lines = bout.choose("swarm", "action:bites", "juno")
    assert lines[1] == "Bites (2, at or below 50% of its health) deals 2 damage to Juno."


def _hit_2d6(to_hit: int, guard: int):
    from fractions import Fraction

    ways = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b + to_hit >= guard)
    return Fraction(ways, 36)


# ---------------------------------------------------------------------------
# heals and self actions
# ---------------------------------------------------------------------------


def test_heal_targets_ally_any_and_the_opposing_side_without_targets():
    bout = _bout([foe("deva"), foe("ogre")], [], first="deva")
    options = bout.options("deva")
    assert options["action:touch"].targets == ["deva", "ogre"]
    assert options["action:gift"].targets == ["juno", "deva", "ogre"]
    assert options["action:strange"].targets == ["juno"]
    assert options["action:brace"].targets == [] and options["action:brace"].count == 0


def test_a_heal_gives_back_health_up_to_the_maximum_and_spends_its_use():
    bout = _bout([foe("deva"), foe("ogre")], [3], first="deva")
    bout.who("ogre").health = 20
    lines = bout.choose("deva", "action:touch", "ogre")
    assert lines == ["Healing touch (3 + 2 = 5) heals Ogre for 5.", "Ogre has 25 of 30 Grit."]
    assert "action:touch" not in bout.options("deva")


def test_the_engine_never_heals_the_other_side():
    from shared.combat import decide_for

    bout = _bout([foe("deva"), foe("ogre")], [], first="deva")
    bout.who("juno").sheet.setdefault("live", {})["pools"] = {"grit": 1}
    bout.who("ogre").health = 10
    choice = decide_for(bout.rs, bout.state)
    assert choice["option"] in ("action:touch", "action:gift") and choice["targets"] == ["ogre"]


def test_a_self_action_applies_to_the_creature_itself():
    bout = _bout([foe("deva")], [], first="deva")
    assert bout.choose("deva", "action:brace") == ["Deva uses Brace on Deva.", "Deva is Braced for 1 round."]


# ---------------------------------------------------------------------------
# spellcasting
# ---------------------------------------------------------------------------


def test_a_block_casts_catalog_spells_with_its_own_numbers_uses_and_level():
    bout = _bout([foe("dryad")], [1, 2, 3, 6, 6, 4], first="dryad")
    options = bout.options("dryad")
    spark, bolt = options["ability:spellcasting:spark"], options["ability:spellcasting:frost-bolt"]
    # Level 3 against Spark's base (Ember 1, level 1): two steps, 3d6 and three targets.
    assert (spark.costs, spark.forecasts[0].damage) == ([], 10.5)
    assert bolt.forecasts[0].hit == round(float(_hit_2d6(4, 6)), 4)
    lines = bout.choose("dryad", "ability:spellcasting:spark", "juno")
    assert lines[:5] == [
        "Dryad pays 2 steps above the base for Spark.",
        "Dryad has 0 uses of Spark left.",
        "Dryad uses Spark on Juno.",
        "Spark (6 (1 + 2 + 3)) deals 6 fire damage to Juno.",
        "Juno has 4 of 10 Grit.",
    ]
    bout.choose("juno", "end-turn")
    options = bout.options("dryad")
    assert "ability:spellcasting:spark" not in options and "ability:spellcasting:frost-bolt" in options
    lines = bout.choose("dryad", "ability:spellcasting:frost-bolt", "juno")
    assert lines[1] == "Dryad attacks Juno with Frost Bolt: 12 (6 + 6) + 4 = 16 against Guard 6, a hit."


def test_a_block_spells_save_reads_the_blocks_difficulty():
    bout = _bout([foe("dryad")], [3, 4], first="dryad")
    lines = bout.choose("dryad", "ability:spellcasting:hush", "juno")
    assert lines[:3] == ["Dryad uses Hush on Juno.",
                         "Juno rolls a Nerve save against Hush: 7 (3 + 4) against 12, a failure.",
                         "Juno is Braced for 1 round."]


def test_a_sheet_creature_casts_with_its_sheets_numbers():
    bout = _bout([foe("frost-witch")], [3, 3, 5], first="witch")
    option = bout.options("frost-witch")["ability:spellcasting:frost-bolt"]
    assert option.forecasts[0].hit == round(float(_hit_2d6(2, 6)), 4)
    lines = bout.choose("frost-witch", "ability:spellcasting:frost-bolt", "juno")
    assert lines[:3] == ["Frost witch has 1 use of Frost Bolt left.", "Frost witch uses Frost Bolt on Juno.",
                         "Frost witch attacks Juno with Frost Bolt: 6 (3 + 3) + 2 = 8 against Guard 6, a hit."]


def test_coven_spells_need_three_standing_members_and_share_their_uses():
    hags = [foe("marsh-hag"), foe("marsh-hag"), foe("marsh-hag")]
    bout = _bout(hags, [2], first="hag")
    assert "ability:spellcasting:spark" in bout.options("marsh-hag")
    lines = bout.choose("marsh-hag", "ability:spellcasting:spark", "juno")
    assert lines[0] == "The coven has 0 uses of Spark left."
    assert [bout.who(h).uses for h in ("marsh-hag", "marsh-hag-2", "marsh-hag-3")] == [
        {"coven:marsh_hags:knacks/spark": 0}] * 3
    assert bout.waiting() == "marsh-hag-2"
    assert "ability:spellcasting:spark" not in bout.options("marsh-hag-2")


def test_a_coven_that_loses_a_member_offers_no_coven_spell():
    hags = [foe("marsh-hag"), foe("marsh-hag"), foe("marsh-hag")]
    bout = _bout(hags, [], first="hag")
    bout.who("marsh-hag-3").out = True
    assert "ability:spellcasting:spark" not in bout.options("marsh-hag")


# ---------------------------------------------------------------------------
# signature points, no health
# ---------------------------------------------------------------------------


def test_signature_points_are_recorded_and_refilled_at_the_creatures_turn_start():
    bout = _bout([foe("sentinel")], [])
    assert bout.who("sentinel").signature_points == 2
    assert "action:quick_slam" not in bout.options("juno") | bout.options("sentinel")
    bout.who("sentinel").signature_points = 0
    lines = bout.choose("juno", "end-turn")
    assert lines == ["Sentinel's turn.", "Sentinel has 2 signature points again."]
    assert bout.who("sentinel").signature_points == 2


def test_a_sheet_creature_with_no_health_is_left_out_with_the_reason():
    pkg = creatures_package()
    pkg["sheet"]["derived"][0]["of"] = [{"field": "toughness"}, {"abilityMod": "brawn"}]
    add_creature(pkg, "wisp", "Wisp", {"tier": "pack", "sheet": {"fields": {"toughness": 0}}})
    bout = Bout(ruleset(pkg), [juno(), pell()], [foe("wisp"), foe("ogre")], dice=[6, 6, 5, 5, 1, 1])
    assert bout.started[0] == "Wisp's sheet works out to no Grit at all, so it is left out of the fight."
    assert bout.who("wisp").out
    assert "Wisp" not in bout.started[2]
