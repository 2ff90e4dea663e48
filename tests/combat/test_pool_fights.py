"""Dice-pool fights key by key, with scripted dice and the exact log lines (spec/combat-2
"Combat rolled as a pool", "Minimum damage dice", "Hits that daze", "The target picks the
kind of harm"). The package is tests/combat/pool_kit.py's: d10 pools counting 7 and up,
damage and soak dice counting 6 and up, knocks soaked with Brawn."""

from __future__ import annotations


from shared.combat import start_battle
from shared.combat.state import BattleState
from shared.ruleset import validate_package
from tests.combat.kit import Bout, add_condition, ruleset
from tests.combat.pool_kit import bout, juno, pool_package

AXE = "attack:gear:road-axe"


def test_a_pool_attack_counts_successes_against_defense_and_soak_is_thrown():
    b = bout(pool_package(), [6, 6, 1, 1, 7, 9, 3, 6, 5])
    assert b.started[1] == "Initiative: Juno 12 (6 + 6); Rat 2 (1 + 1). Order: Juno, Rat."
    option = b.options("juno")[AXE]
    assert option.text == "Action; 3 dice to hit, 1 damage die"
    # 3 dice at 7+: P(2 or 3 successes) = 3 * 0.4^2 * 0.6 + 0.4^3; one die of damage at 6+
    # less one die of rolled soak on exactly 2, two dice less one on 3.
    assert (option.forecasts[0].hit, option.forecasts[0].damage) == (0.352, 0.112)
    assert b.choose("juno", AXE, "rat")[:3] == [
        "Juno attacks Rat with Road axe: 3 dice (Brawn 3): 7, 9, 3 → 2 successes against Defense 2, a hit.",
        "Road axe (1 die against 6: 6 → 1 success, Rat soaks 1 die (Rat's own soak): 5 → no successes, 1 left) "
        "deals 1 damage to Rat.",
        "Rat has 2 of 3 Harm.",
    ]
    assert b.dice_left() == 0


def test_nothing_is_thrown_to_soak_a_blow_that_counted_nothing():
    b = bout(pool_package(), [6, 6, 1, 1, 7, 9, 3, 2])
    assert b.choose("juno", AXE, "rat")[1] == "Road axe (1 die against 6: 2 → no successes) deals 0 damage to Rat."
    assert b.dice_left() == 0


def test_a_botch_misses_whatever_it_counted():
    pkg = pool_package()
    pkg["resolution"]["botch"] = {"upTo": 1, "rule": "halfOrMore"}
    b = bout(pkg, [6, 6, 1, 1, 1, 1, 9], "shell")
    assert b.choose("juno", AXE, "shell")[0] == (
        "Juno attacks Shell with Road axe: 3 dice (Brawn 3): 1, 1, 9 → 1 success, a botch against Defense 1, a miss.")


def test_successes_beyond_add_dice_and_static_soak_comes_off_the_dice_not_the_automatic_successes():
    pkg = pool_package()
    pkg["combat"]["pool"]["soak"]["roll"] = False
    b = bout(pkg, [6, 6, 1, 1, 7, 8, 9, 6, 2], "shell", party=[juno(damage="3d10+2")])
    assert b.choose("juno", AXE, "shell")[:3] == [
        "Juno attacks Shell with Road axe: 3 dice (Brawn 3): 7, 8, 9 → 3 successes against Defense 1, a hit, "
        "2 successes beyond.",
        "Road axe (5 dice (3 + 2 from the hit), 3 soaked by Shell's own soak = 2 against 6: 6, 2 → 1 success, "
        "+ 2 automatic = 3) deals 3 damage to Shell.",
        "Shell has 3 of 6 Harm.",
    ]


def test_minimum_damage_dice_raise_the_first_pool_after_static_soak():
    pkg = pool_package(damage={"minimum": {"const": 3}})
    pkg["combat"]["pool"]["soak"]["roll"] = False
    b = bout(pkg, [6, 6, 1, 1, 7, 8, 9, 6, 6, 1], "shell", party=[juno(damage="3d10+2")])
    assert b.choose("juno", AXE, "shell")[1] == (
        "Road axe (5 dice (3 + 2 from the hit), 3 soaked by Shell's own soak = 2, raised to the minimum of 3 "
        "against 6: 6, 6, 1 → 2 successes, + 2 automatic = 4) deals 4 damage to Shell.")
    assert b.dice_left() == 0


def test_the_damage_ability_adds_its_rating_as_dice():
    pkg = pool_package()
    pkg["combat"]["attacks"][0]["damage"]["ability"] = {"column": "swing"}
    b = bout(pkg, [6, 6, 1, 1], "shell")
    assert b.options("juno")[AXE].text == "Action; 3 dice to hit, 4 damage dice"


def test_a_dazing_hit_skips_the_next_turn_and_the_skip_survives_a_reload():
    pkg = pool_package(daze={"over": {"const": 1}, "measure": "damage", "condition": "dazed",
                             "text": "The blow leaves them reeling until their next turn passes."})
    b = bout(pkg, [6, 6, 1, 1, 7, 8, 9, 6, 6, 1])
    events = b.choose("juno", AXE, "rat")
    assert events[:4] == [
        "Juno attacks Rat with Road axe: 3 dice (Brawn 3): 7, 8, 9 → 3 successes against Defense 2, a hit, "
        "1 success beyond.",
        "Road axe (2 dice (1 + 1 from the hit) against 6: 6, 6 → 2 successes, Rat soaks 1 die (Rat's own soak): "
        "1 → no successes, 2 left) deals 2 damage to Rat.",
        "Rat has 1 of 3 Harm.",
        "Juno's hit dazes Rat: 2 damage is more than the daze threshold 1, so they skip their next turn, marked "
        "Dazed. The blow leaves them reeling until their next turn passes.",
    ]
    assert events[4:] == ["Rat's turn.", "Rat is dazed and skips this turn.",
                          "Rat is no longer Dazed: the skipped turn has passed.", "Round 2.", "Juno's turn."]


def test_a_pending_daze_is_kept_through_save_and_reload():
    pkg = pool_package(daze={"over": {"const": 0}, "measure": "damage", "condition": "dazed"})
    rs = ruleset(pkg)
    # The order is Juno, Rat, Shell: the dazed shell's skip waits through the rat's turn,
    # across a save and a reload.
    b = Bout(rs, [juno()], [{"creature": "rat", "controller": "player"}, {"creature": "shell", "controller": "player"}],
             dice=[6, 6, 1, 1, 1, 1, 7, 8, 9, 6, 6, 6, 1, 1, 1])
    b.choose("juno", AXE, "shell")
    saved = b.state.model_dump(mode="json")
    assert saved["combatants"][2]["dazed"] == {"by": "juno", "marked": True}
    b.state = BattleState.model_validate(saved)
    assert b.waiting() == "rat"
    assert b.choose("rat", "end-turn") == ["Shell's turn.", "Shell is dazed and skips this turn.",
                                           "Shell is no longer Dazed: the skipped turn has passed.", "Round 2.",
                                           "Juno's turn."]


def test_the_target_remaps_the_kind_of_harm_which_sets_its_soak_and_its_mark():
    pkg = pool_package()
    pkg["combat"]["damageKinds"]["remap"] = [{"when": {"field": "toughness"}, "from": "knock", "to": "tear"}]
    b = bout(pkg, [1, 1, 6, 6, 7, 7, 8, 7, 6, 1])
    assert b.choose("rat", "action:gnaw", "juno")[:2] == [
        "Rat attacks Juno with Gnaw: 3 dice: 7, 7, 8 → 3 successes against Defense 1, a hit, 2 successes beyond.",
        "Gnaw (3 dice (1 + 2 from the hit) against 6: 7, 6, 1 → 2 successes, + 1 automatic = 3; knock becomes tear "
        "against Juno) deals 3 blunt damage to Juno.",
    ]
    assert b.who("juno").sheet["live"]["marks"] == {"harm": ["tear", "tear", "tear"]}
    # Without the remap the same blow is a knock, and Juno soaks knocks with Brawn 3.
    plain = bout(pool_package(), [1, 1, 6, 6, 7, 7, 8, 7, 6, 1, 9, 1, 1])
    assert plain.choose("rat", "action:gnaw", "juno")[1] == (
        "Gnaw (3 dice (1 + 2 from the hit) against 6: 7, 6, 1 → 2 successes, + 1 automatic = 3, Juno soaks 3 dice "
        "(Brawn): 9, 1, 1 → 1 success, 2 left) deals 2 blunt damage to Juno.")
    assert plain.who("juno").sheet["live"]["marks"] == {"harm": ["knock", "knock"]}


def test_a_remap_with_tags_matches_only_attacks_that_carry_one():
    pkg = pool_package()
    pkg["items"] = {"categories": [{"id": "arm", "label": "Arm"}], "tags": [{"id": "silver", "label": "Silver"}]}
    pkg["combat"]["damageKinds"]["remap"] = [
        {"when": {"field": "toughness"}, "from": "knock", "to": "tear", "tags": ["silver"]}]
    gnaw = pkg["catalogs"][0]["entries"][0]["creature"]["actions"][0]
    plain = bout(pkg, [1, 1, 6, 6, 7, 7, 8, 7, 6, 1, 9, 1, 1])
    assert "knock becomes tear" not in plain.choose("rat", "action:gnaw", "juno")[1]
    gnaw["damage"]["qualities"] = ["silver"]
    silver = bout(pkg, [1, 1, 6, 6, 7, 7, 8, 7, 6, 1])
    assert silver.choose("rat", "action:gnaw", "juno")[1].endswith(
        "; knock becomes tear against Juno) deals 3 blunt damage to Juno.")


def test_a_track_marked_per_blow_fills_one_box_however_hard_the_blow():
    pkg = pool_package()
    pkg["combat"]["damageKinds"]["marks"] = "per-blow"
    b = bout(pkg, [1, 1, 6, 6, 7, 7, 8, 7, 6, 1, 1, 1, 1])
    events = b.choose("rat", "action:gnaw", "juno")
    assert events[1].endswith("deals 3 blunt damage to Juno.")
    assert b.who("juno").sheet["live"]["marks"] == {"harm": ["knock"]}


def test_a_save_is_thrown_as_a_pool_against_successes_needed():
    pkg = pool_package()
    pkg["sheet"]["live"]["conditions"].append({"id": "cowed", "label": "Cowed"})
    rat = pkg["catalogs"][0]["entries"][0]["creature"]
    rat["actions"].append({"id": "squeal", "name": "Squeal", "budget": "act",
                           "save": {"save": "nerve", "difficulty": 2, "onSuccess": "negates"},
                           "applies": [{"condition": "cowed", "duration": {"rounds": 1}}]})
    b = bout(pkg, [1, 1, 6, 6, 7])
    assert b.choose("rat", "action:squeal", "juno")[:3] == [
        "Rat uses Squeal on Juno.",
        "Juno throws a Nerve save against Squeal: 1 die: 7 → 1 success against 2 successes, a failure.",
        "Juno is Cowed for 1 round.",
    ]


def test_a_rolled_damage_modifier_is_refused_by_name_in_a_pool_fight():
    pkg = pool_package()
    pkg["schemaVersion"], pkg["capabilityApi"] = 2, {"major": 1, "minor": 150}
    add_condition(pkg, "raging", "Raging", modifiers=[{"to": "damage", "dice": "1d4"}])
    _pkg, problems = validate_package(pkg)
    assert problems.lines() == [
        'combat.conditions[1].modifiers[0].dice: a "dice-pool" fight adds or takes away dice, so a modifier to '
        'damage is a "flat" number, not rolled "dice"']


def test_a_contest_throws_both_sides_checks_as_pools():
    pkg = pool_package()
    pkg["sheet"]["live"]["conditions"].append({"id": "held", "label": "Held"})
    pkg["combat"]["checks"] = [{"id": "brawn", "label": "Muscle", "value": {"abilityMod": "brawn"}}]
    pkg["combat"]["contests"] = [{"id": "grab", "label": "Grab", "budget": "act", "attacker": {"checks": ["brawn"]},
                                  "defender": {"checks": ["brawn"]}, "onWin": {"applies": [{"condition": "held"}]}}]
    pkg["catalogs"][0]["entries"][0]["creature"]["checks"] = {"brawn": 2}
    b = bout(pkg, [6, 6, 1, 1, 7, 9, 3, 8, 2])
    # 3 dice at 7+ against 2: P(more successes) = .432 x .36 + .288 x .84 + .064 x 1.
    assert b.options("juno")["contest:grab"].forecasts[0].win == 0.4614
    assert b.choose("juno", "contest:grab", "rat")[:2] == [
        "Juno tries Grab on Rat: 3 dice (Muscle 3): 7, 9, 3 → 2 successes with Muscle against 2 dice (Muscle 2): "
        "8, 2 → 1 success with Muscle, and wins.",
        "Rat is Held.",
    ]
    assert b.dice_left() == 0


def test_damage_modifiers_of_conditions_are_dice_added_to_the_hit():
    pkg = pool_package()
    pkg["schemaVersion"], pkg["capabilityApi"] = 2, {"major": 1, "minor": 150}
    add_condition(pkg, "raging", "Raging", modifiers=[{"to": "damage", "flat": 2}])
    add_condition(pkg, "scorched", "Scorched", modifiers=[{"to": "damage-taken", "flat": 1, "damageType": "fire"}])
    b = bout(pkg, [6, 6, 1, 1, 7, 9, 3, 6, 6, 1, 6, 7])
    b.put("juno", "raging")
    b.put("rat", "scorched")
    # Raging adds two dice to the axe's pool; Scorched's fire die is a pool of its own kind
    # (a tear, which the rat does not soak).
    assert b.choose("juno", AXE, "rat")[1:5] == [
        "Road axe (3 dice (1 + 2 (Raging)) against 6: 6, 6, 1 → 2 successes, Rat soaks 1 die (Rat's own soak): "
        "6 → 1 success, 1 left) deals 1 damage to Rat.",
        "Rat has 2 of 3 Harm.",
        "Scorched (1 die against 6: 7 → 1 success) deals 1 fire damage to Rat.",
        "Rat has 1 of 3 Harm.",
    ]
    assert b.dice_left() == 0


def test_a_rider_is_a_damage_pool_of_its_own_with_no_extra_dice_from_the_hit():
    pkg = pool_package()
    pkg["sheet"]["lists"].append({"id": "knacks", "label": "Knacks", "section": "about", "maxItems": 4,
                                  "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 40}]})
    pkg["catalogs"].append({"id": "tricks", "label": "Tricks", "holds": "rows", "feeds": ["knacks"], "entries": [
        {"id": "sly", "label": "Sly strike", "summary": "An extra cut on the first hit of a turn.",
         "rows": [{"list": "knacks", "values": {"name": "Sly strike"}}],
         "mechanics": {"kind": "rider", "rider": {"on": "hit", "oncePer": "turn", "amount": {"dice": "2d10", "flat": 1},
                                                  "type": "fire"}}}]})
    sly = juno()
    sly["sheet"]["lists"]["knacks"] = [{"name": "Sly strike", "_catalog": "tricks/sly"}]
    b = bout(pkg, [6, 6, 1, 1, 7, 8, 9, 6, 6, 1, 7, 1], party=[sly])
    assert b.choose("juno", AXE, "rat")[1:6] == [
        "Sly strike adds 2d10+1 to Juno's hit on Rat (once a turn).",
        "Road axe (2 dice (1 + 1 from the hit) against 6: 6, 6 → 2 successes, Rat soaks 1 die (Rat's own soak): "
        "1 → no successes, 2 left) deals 2 damage to Rat.",
        "Rat has 1 of 3 Harm.",
        "Sly strike (2 dice against 6: 7, 1 → 1 success, + 1 automatic = 2) deals 2 fire damage to Rat.",
        "Rat has 0 of 3 Harm.",
    ]
    assert b.dice_left() == 0


def test_a_pool_attack_holds_for_a_hit_window_and_is_checked_again():
    pkg = pool_package()
    add_condition(pkg, "braced", "Braced", modifiers=[{"to": "defense", "flat": 2}])
    shell = pkg["catalogs"][0]["entries"][1]["creature"]
    shell["actions"].append({"id": "brace", "name": "Brace", "budget": "act", "self": True,
                             "reaction": {"on": "hit"}, "applies": [{"condition": "braced", "duration": {"rounds": 1}}]})
    b = bout(pkg, [6, 6, 1, 1, 7, 8, 3], "shell")
    assert b.choose("juno", AXE, "shell")[-1] == (
        "The fight waits: Juno's Road axe (2 successes against Defense 1) hits Shell. Asked in turn: Shell.")
    b.state = BattleState.model_validate(b.state.model_dump(mode="json"))
    assert b.choose("shell", "action:brace")[:4] == [
        "Shell answers with Brace.",
        "Shell uses Brace on Shell.",
        "Shell is Braced for 1 round.",
        "Juno's Road axe: 2 successes against Shell's Defense 3 now, now misses.",
    ]
    assert b.dice_left() == 0


# ---------------------------------------------------------------------------
# forecasts against the seeded roller
# ---------------------------------------------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from shared.combat import advance  # noqa: E402
from tests.combat.kit import member  # noqa: E402

SAMPLES = 400


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(brawn=st.integers(1, 3), dice=st.integers(1, 3), foe=st.sampled_from(["rat", "shell"]),
       rolled=st.booleans(), floor=st.sampled_from([None, 2]))
def test_the_menu_forecast_matches_the_seeded_roller_within_sampling_error(brawn, dice, foe, rolled, floor):
    """The menu's exact hit chance and expected damage against what the battle's own seeded
    dice do over many seeds (4.5 standard errors either way)."""
    pkg = pool_package(**({"damage": {"minimum": {"const": floor}}} if floor is not None else {}))
    pkg["combat"]["pool"]["soak"]["roll"] = rolled
    rs = ruleset(pkg)
    party = [member("Juno", {"abilities": {"brawn": brawn, "wits": 3}, "fields": {"toughness": 3},
                             "lists": {"gear": [{"name": "Road axe", "swing": "brawn", "damage": f"{dice}d10+1"}]}})]
    state, _ = start_battle(rs, party, [{"creature": foe, "controller": "player"}], seed=0)
    assert state.pending is not None and state.pending.actor == "juno"
    forecast = Bout.__new__(Bout)
    forecast.rs, forecast.state = rs, state
    expected = forecast.options("juno")[AXE].forecasts[0]
    hits, damage = [], []
    for seed in range(SAMPLES):
        trial = state.model_copy(deep=True)
        trial.dice.seed = seed + 1
        result = advance(rs, trial, {"actor": "juno", "option": AXE, "targets": [foe]})
        events = result[1]
        hits.append(next(e.data["hit"] for e in events if e.kind == "attack"))
        damage.append(sum(e.data["amount"] for e in events if e.kind == "damage"))
    p = expected.hit
    assert abs(sum(hits) / SAMPLES - p) <= 4.5 * (p * (1 - p) / SAMPLES) ** 0.5 + 1e-9
    mean = sum(damage) / SAMPLES
    spread = (sum((d - mean) ** 2 for d in damage) / (SAMPLES - 1)) ** 0.5
    assert abs(mean - expected.damage) <= 4.5 * spread / SAMPLES ** 0.5 + 0.002


def test_initiative_thrown_as_a_pool_is_its_successes_plus_plus():
    pkg = pool_package()
    pkg["combat"]["initiative"] = {"pool": {"abilityMod": "brawn"}, "plus": 1}
    # Juno throws Brawn 3; the rat's initiativeModifier 0 is held to the pool's minimum of 1.
    b = bout(pkg, [7, 9, 3, 10])
    assert b.started[1] == ("Initiative: Juno 3 dice: 7, 9, 3 → 2 successes + 1 = 3; "
                            "Rat 1 die: 10 → 1 success + 1 = 2. Order: Juno, Rat.")
    assert b.dice_left() == 0


def test_cover_on_a_board_adds_to_the_successes_a_pool_blow_needs():
    """spec/combat-2 "dice-pool": defense is the successes needed, plus cover; board/attacks.py
    gives the cover (a target standing in forest has half cover, `cover.bonus` 1)."""
    from shared.combat.engine import start_battle
    from shared.combat.fight import Fight
    from shared.combat.pool_attack import needed

    pkg = pool_package(distance={"label": "m", "perCell": 1}, cover={"bonus": 1})
    rs = ruleset(pkg)
    party = [{**juno(), "position": [0, 0]}]
    state, _events = start_battle(rs, party, [{"creature": "rat", "controller": "player", "position": [3, 0]}],
                                  dice=[6, 6, 1, 1], board={"rows": ["...T", "...."]})
    fight = Fight(rs, state)
    rat, me = state.combatant(state.order[1]), state.combatant(state.order[0])
    assert {rat.name, me.name} == {"Rat", "Juno"}
    if me.name != "Juno":
        rat, me = me, rat
    assert needed(fight, rat) == (2, "Defense 2")
    assert needed(fight, rat, me) == (3, "Defense 3 (+ 1 half cover)")
