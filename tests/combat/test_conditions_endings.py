"""How a condition ends besides its clock: `endsWhenSourceDown`, `endsWhen`
(`harmed-by-source-side`, `damaged`; `attacked` and `ally-harmed-in-sight` from 1.278),
`endsWhenHarmedFrom`, `saveWhenDamaged` and `saveEnds.at: "damaged"` (once per hit),
`shakeOff`, and what `onEnd` leaves behind. See conditions_kit.py for the numbers."""

from __future__ import annotations

from tests.combat.conditions_kit import AXE, HOOK, base, charm, condition, juno_wren_vs

NIP, CLAW = "action:nip", "action:claw"


def _pkg() -> dict:
    pkg = base()
    condition(pkg, "charmed", effects=["cannot-target-source"], endsWhen=["harmed-by-source-side"])
    condition(pkg, "entranced", effects=["cannot-act"], endsWhen=["damaged"], shakeOff={"budget": "act"})
    condition(pkg, "braced", modifiers=[{"to": "defense", "flat": 1}], endsWhen=["attacked"])
    condition(pkg, "calm", modifiers=[{"to": "defense", "flat": 1}], endsWhen=["ally-harmed-in-sight"])
    condition(pkg, "rooted", effects=["speed-zero"], endsWhenSourceDown=True)
    condition(pkg, "dominated", effects=["cannot-target-source"], saveWhenDamaged=True)
    condition(pkg, "gripped", effects=["speed-zero"])
    condition(pkg, "ward_of_reeds", modifiers=[{"to": "defense", "flat": 1}], endsWhenHarmedFrom=["charms"])
    condition(pkg, "hasted", modifiers=[{"to": "defense", "flat": 2}],
              onEnd={"applies": [{"condition": "lethargic", "duration": {"rounds": 1}}]})
    condition(pkg, "lethargic", effects=["cannot-react"])
    condition(pkg, "frenzied", modifiers=[{"to": "attacks", "flat": 1}],
              onEnd={"tracks": [{"track": "dread", "by": 1}]})
    condition(pkg, "hurled", effects=["cannot-act"],
              onEnd={"harm": {"dice": "1d6", "type": "fire", "unless": {"types": ["undead"]}}})
    # The ghoul's claw carries a second, cold clause: one hit, two amounts.
    ghoul = next(e for e in pkg["catalogs"][1]["entries"] if e["id"] == "ghoul")["creature"]
    ghoul["actions"][0]["damage"]["plus"] = [{"flat": 1, "type": "cold"}]
    charm(pkg, "stare", {"kind": "debuff", "targets": "enemy", "save": {"save": "nerve_save", "onSuccess": "none"},
                         "applies": [{"condition": "gripped", "duration": {"rounds": 1}}]})
    return pkg


# ---------------------------------------------------------------------------
# endsWhenSourceDown
# ---------------------------------------------------------------------------


def test_ends_when_source_down():
    b = juno_wren_vs(_pkg(), ["stoat"], [12, 8, 8])
    b.who("stoat").health = 5
    b.put("wren", "rooted", source="stoat", rounds=3)
    lines = b.choose("juno", AXE, "stoat")
    assert lines[-3:] == ["Stoat drops out of the fight.", "Wren is no longer Rooted: Stoat is down.",
                          "The fight is over after 1 round: the party wins."]


# ---------------------------------------------------------------------------
# harmed-by-source-side
# ---------------------------------------------------------------------------


def test_an_attack_by_the_sources_side_ends_it_even_when_it_misses():
    b = juno_wren_vs(_pkg(), ["stoat", "stoat"], [2])
    b.put("juno", "charmed", source="stoat")
    b.choose("juno", "end-turn")
    b.choose("wren", "end-turn")
    b.choose("stoat", "end-turn")
    lines = b.choose("stoat-2", NIP, "juno")
    assert lines[:2] == ["Stoat 2 attacks Juno with Nip: 2 + 2 = 4 against Guard 8, a miss.",
                         "Juno is no longer Charmed: Stoat's side harmed them."]
    assert b.who("juno").conditions == []


def test_harm_from_the_holders_own_side_or_aimed_at_someone_else_leaves_it():
    b = juno_wren_vs(_pkg(), ["stoat", "stoat"], [9, 3, 2])
    b.put("juno", "charmed", source="stoat")
    b.choose("juno", "end-turn")
    lines = b.choose("wren", HOOK, "stoat-2")
    assert lines[:2] == ["Wren attacks Stoat 2 with Lamp hook: 9 against Guard 8, a hit.",
                         "Lamp hook (3) deals 3 cut damage to Stoat 2."]
    lines = b.choose("stoat", NIP, "wren")
    assert lines[0] == "Stoat attacks Wren with Nip: 2 + 2 = 4 against Guard 8, a miss."
    assert [h.id for h in b.who("juno").conditions] == ["charmed"]


def test_aiming_a_save_ends_it_even_when_the_save_succeeds_and_the_action_that_puts_it_on_keeps_it():
    pkg = _pkg()
    b = juno_wren_vs(pkg, ["stoat"], [11], charms=("stare",))
    b.put("stoat", "charmed", source="juno")
    b.choose("juno", "end-turn")
    lines = b.choose("wren", "ability:charms:stare", "stoat")
    assert lines[:3] == ["Wren uses Stare on Stoat.",
                         "Stoat rolls a Nerve save against Stare: 11 against 12, a failure.",
                         "Stoat is Gripped for 1 round."]
    assert "Stoat is no longer Charmed: Juno's side harmed them." in lines


# ---------------------------------------------------------------------------
# damaged, attacked, ally-harmed-in-sight, endsWhenHarmedFrom
# ---------------------------------------------------------------------------


def test_damaged_ends_it_at_once_and_a_miss_does_not():
    b = juno_wren_vs(_pkg(), ["stoat", "stoat"], [3, 9, 2])
    b.put("juno", "entranced", source="stoat")
    b.choose("juno", "end-turn")
    b.choose("wren", "end-turn")
    lines = b.choose("stoat", NIP, "juno")
    assert lines[0] == "Stoat attacks Juno with Nip: 3 + 2 = 5 against Guard 8, a miss."
    assert [h.id for h in b.who("juno").conditions] == ["entranced"]
    lines = b.choose("stoat-2", NIP, "juno")
    assert lines[:4] == ["Stoat 2 attacks Juno with Nip: 9 + 2 = 11 against Guard 8, a hit.",
                         "Nip (2) deals 2 cut damage to Juno.", "Juno has 9 of 11 Breath.",
                         "Juno is no longer Entranced: damage ends it."]


def test_attacked_ends_it_after_the_attack_roll_hit_or_miss():
    b = juno_wren_vs(_pkg(), ["stoat"], [5])
    b.put("juno", "braced", rounds=5)
    b.choose("juno", "end-turn")
    b.choose("wren", "end-turn")
    lines = b.choose("stoat", NIP, "juno")
    # Braced still counted for that roll: Guard 9.
    assert lines[:2] == ["Stoat attacks Juno with Nip: 5 + 2 = 7 against Guard 9 (+ 1 Braced), a miss.",
                         "Juno is no longer Braced: an attack was rolled against them."]


def test_ally_harmed_in_sight():
    b = juno_wren_vs(_pkg(), ["stoat"], [9, 1])
    b.put("juno", "calm", rounds=5)
    b.choose("juno", "end-turn")
    b.choose("wren", "end-turn")
    lines = b.choose("stoat", NIP, "wren")
    assert lines[:3] == ["Stoat attacks Wren with Nip: 9 + 2 = 11 against Guard 8, a hit.",
                         "Nip (1) deals 1 cut damage to Wren.", "Wren has 6 of 7 Breath."]
    assert lines[3] == "Juno is no longer Calm: they saw Wren harmed."


def test_ends_when_harmed_from_a_catalog():
    pkg = _pkg()
    b = juno_wren_vs(pkg, ["stoat"], [3, 11], charms=("stare",))
    b.put("stoat", "ward_of_reeds", rounds=5)
    lines = b.choose("juno", AXE, "stoat")
    assert lines[0] == "Juno attacks Stoat with Reed axe: 3 + 3 = 6 against Guard 9 (+ 1 Ward of reeds), a miss."
    assert [h.id for h in b.who("stoat").conditions] == ["ward_of_reeds"]
    lines = b.choose("wren", "ability:charms:stare", "stoat")
    assert "Stoat is no longer Ward of reeds: harm cast from that source ends it." in lines


# ---------------------------------------------------------------------------
# saves on damage
# ---------------------------------------------------------------------------


def test_save_when_damaged_rolls_once_per_hit_at_the_stored_difficulty():
    b = juno_wren_vs(_pkg(), ["ghoul"], [9, 9, 4, 11])
    b.put("juno", "dominated", source="ghoul", save="nerve_save", save_at="turn-end", dc=13)
    assert b.choose("juno", "end-turn")[0] == "Juno rolls a Nerve save to end Dominated: 9 + 1 = 10 against 13, a failure."
    b.choose("wren", "end-turn")
    lines = b.choose("ghoul", CLAW, "juno")
    assert lines[:6] == [
        "Ghoul attacks Juno with Claw: 9 + 4 = 13 against Guard 8, a hit.",
        "Claw (4) deals 4 cut damage to Juno.", "Juno has 7 of 11 Breath.",
        "Claw (1) deals 1 cold damage to Juno.", "Juno has 6 of 11 Breath.",
        "Juno rolls a Nerve save to end Dominated, having taken damage: 11 + 1 = 12 against 13, a failure.",
    ]


def test_save_ends_at_damaged_rolls_on_damage_only_and_a_success_ends_it():
    b = juno_wren_vs(_pkg(), ["stoat"], [9, 2, 12])
    b.put("juno", "gripped", source="stoat", save="nerve_save", save_at="damaged", dc=10)
    lines = b.choose("juno", "end-turn")
    assert not any("save" in line for line in lines)
    b.choose("wren", "end-turn")
    lines = b.choose("stoat", NIP, "juno")
    assert lines[3:5] == ["Juno rolls a Nerve save to end Gripped, having taken damage: 12 + 1 = 13 against 10, a success.",
                          "Juno is no longer Gripped: the save ends it."]


def test_no_stored_difficulty_rolls_nothing():
    b = juno_wren_vs(_pkg(), ["stoat"], [9, 2])
    b.put("juno", "dominated", source="stoat", save="nerve_save", save_at="turn-end")
    b.choose("juno", "end-turn")
    b.choose("wren", "end-turn")
    lines = b.choose("stoat", NIP, "juno")
    assert not any("save" in line for line in lines)
    assert b.dice_left() == 0


# ---------------------------------------------------------------------------
# shakeOff
# ---------------------------------------------------------------------------


def test_an_ally_shakes_the_holder_out_of_it_with_that_budget():
    b = juno_wren_vs(_pkg(), ["stoat"], [])
    b.choose("juno", "end-turn")
    b.put("juno", "entranced", source="stoat")
    options = b.options("wren")
    shake = options["shake-off:juno:entranced"]
    assert (shake.label, shake.budget, shake.targets, shake.text) == (
        "Shake Juno out of Entranced", "act", [], "Action; ends Juno's Entranced")
    lines = b.choose("wren", "shake-off:juno:entranced")
    assert lines[:2] == ["Wren spends their Action shaking Juno out of Entranced.",
                     "Juno is no longer Entranced: Wren shook them out of it."]
    assert lines[2] == "Stoat's turn."


def test_the_holder_cannot_shake_itself_and_nobody_without_the_budget_can():
    b = juno_wren_vs(_pkg(), ["stoat"], [])
    b.put("wren", "entranced", source="stoat")
    b.put("juno", "gripped")
    assert "shake-off:wren:entranced" in b.options("juno")
    b.who("juno").budgets["act"] = 0
    assert not [o for o in b.options("juno") if o.startswith("shake-off")]


# ---------------------------------------------------------------------------
# onEnd
# ---------------------------------------------------------------------------


def test_on_end_leaves_its_condition_when_the_time_runs_out():
    b = juno_wren_vs(_pkg(), ["stoat"], [])
    b.put("juno", "hasted", rounds=1)
    lines = b.choose("juno", "end-turn")
    assert lines[:2] == ["Juno is no longer Hasted: its time is up.", "Hasted leaves Juno Lethargic for 1 round."]
    # The whole of Juno's next turn.
    b.choose("wren", "end-turn")
    b.choose("stoat", "end-turn")
    assert [h.id for h in b.who("juno").conditions] == ["lethargic"]
    lines = b.choose("juno", "end-turn")
    assert lines[0] == "Juno is no longer Lethargic: its time is up."


def test_left_in_the_middle_of_the_holders_turn_the_rounds_start_from_the_next_turn():
    pkg = _pkg()
    b = juno_wren_vs(pkg, ["stoat"], [3])
    b.put("juno", "hasted", rounds=5, ends_after="own-attack")
    lines = b.choose("juno", AXE, "stoat")
    assert lines[:3] == ["Juno attacks Stoat with Reed axe: 3 + 3 = 6 against Guard 8, a miss.",
                         "Juno is no longer Hasted: it lasted for one attack.",
                         "Hasted leaves Juno Lethargic for 1 round from their next turn."]
    # Her Action is spent, so her turn ends there, and Lethargic is still on.
    assert lines[3] == "Wren's turn."
    b.choose("wren", "end-turn")
    b.choose("stoat", "end-turn")
    assert [h.id for h in b.who("juno").conditions] == ["lethargic"]
    lines = b.choose("juno", "end-turn")
    assert lines[0] == "Juno is no longer Lethargic: its time is up."


def test_on_end_is_not_left_when_applied_again_or_when_the_fight_ends():
    b = juno_wren_vs(_pkg(), ["stoat"], [12, 8, 8])
    b.put("juno", "hasted", rounds=3)
    b.who("stoat").health = 5
    lines = b.choose("juno", AXE, "stoat")
    assert "Juno is no longer Hasted: the fight is over." in lines
    assert not any("Lethargic" in line for line in lines)


def test_the_engines_tactics_shake_an_ally_who_cannot_act_free():
    from shared.combat import decide_for

    b = juno_wren_vs(_pkg(), ["stoat"], [])
    b.choose("juno", "end-turn")
    b.put("juno", "entranced", source="stoat")
    # Wren's Lamp hook forecasts about 2 damage (1d6 at +0 against Guard 8); freeing Juno is worth 4.
    assert decide_for(b.rs, b.state) == {"actor": "wren", "option": "shake-off:juno:entranced", "targets": []}


def test_on_end_moves_tracks_and_deals_harm_on_behalf_of_the_applier():
    b = juno_wren_vs(_pkg(), ["stoat", "ghoul"], [4])
    b.put("juno", "frenzied", rounds=1)
    b.put("stoat", "hurled", source="wren", rounds=1)
    b.put("ghoul", "hurled", source="wren", rounds=1)
    lines = b.choose("juno", "end-turn")
    assert lines[:2] == ["Juno is no longer Frenzied: its time is up.", "Frenzied leaves Juno's Dread at 1 (+ 1)."]
    assert b.who("juno").sheet["live"]["tracks"]["dread"] == 1
    lines = b.choose("wren", "end-turn")
    assert lines[1:9] == ["Stoat cannot act this turn.", "Stoat is no longer Hurled: its time is up.",
                          "Hurled ending (4) deals 4 fire damage to Stoat.", "Stoat has 16 of 20 Breath.",
                          "Ghoul's turn.", "Ghoul cannot act this turn.", "Ghoul is no longer Hurled: its time is up.",
                          "Ghoul is Undead, so Hurled ending deals no harm."]
