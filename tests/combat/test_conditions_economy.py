"""The action economy as conditions change it (1.76): `budgets`, `grants` (offered only after
the normal budget runs out, one single strike, never the first budget's standard actions),
`exclusive`, `attacksPerTurn` (sequences stop), and `delays` (1.120). See conditions_kit.py
for the numbers."""

from __future__ import annotations

from tests.combat.conditions_kit import AXE, HOOK, base, charm, condition, juno_wren_vs

FLARE = "ability:charms:lantern-flare"


def _pkg() -> dict:
    pkg = base()
    pkg["combat"]["economy"]["budgets"].append({"id": "haste", "label": "Haste action", "per": "turn", "count": 0})
    condition(pkg, "hasted", modifiers=[{"to": "defense", "flat": 2}], budgets=[{"budget": "haste", "flat": 1}],
              grants={"budget": "haste", "standard": ["dash", "dodge"], "attacks": True})
    condition(pkg, "torn", exclusive=["act", "quick"])
    condition(pkg, "slowed", attacksPerTurn=1)
    condition(pkg, "sluggish", delays={"catalogs": ["charms"], "budget": "act", "chance": {"sides": 20, "atLeast": 11}})
    condition(pkg, "pinned", effects=["cannot-act"])
    charm(pkg, "glint", {"kind": "debuff", "targets": "enemy", "budget": "quick",
                         "applies": [{"condition": "dazzled", "duration": {"rounds": 1}}]})
    ghoul = next(e for e in pkg["catalogs"][1]["entries"] if e["id"] == "ghoul")["creature"]
    ghoul["actions"].append({"id": "flurry", "name": "Flurry", "budget": "act",
                             "sequence": [{"action": "claw", "times": 2}]})
    return pkg


def _round_two(b) -> None:
    """Everyone passes round 1."""
    for actor in ("juno", "wren", *[c.id for c in b.state.combatants if c.side == "foes"]):
        b.choose(actor, "end-turn")


# ---------------------------------------------------------------------------
# budgets and grants
# ---------------------------------------------------------------------------


def test_a_granted_budget_is_offered_only_once_the_normal_one_has_run_out():
    b = juno_wren_vs(_pkg(), ["stoat"], [9, 5, 3])
    b.put("juno", "hasted", rounds=5)
    _round_two(b)
    assert b.log[-1] == "Hasted gives Juno 1 more Haste action this turn (1 in all)."
    juno = b.who("juno")
    assert juno.budgets == {"act": 1, "quick": 1, "haste": 1}
    options = b.options("juno")
    assert AXE in options and not [o for o in options if o.endswith("@haste")]
    b.choose("juno", AXE, "stoat")
    options = b.options("juno")
    assert sorted(o for o in options if o.endswith("@haste")) == [
        "attack:kit:reed-axe@haste", "standard:dash@haste", "standard:dodge@haste"]
    granted = options["attack:kit:reed-axe@haste"]
    assert (granted.label, granted.budget, granted.count, granted.text) == (
        "Reed axe (Haste action)", "haste", 1, "Haste action from Hasted; one strike")
    lines = b.choose("juno", "attack:kit:reed-axe@haste", "stoat")
    assert lines[0] == "Juno attacks Stoat with Reed axe: 3 + 3 = 6 against Guard 8, a miss."
    assert b.who("juno").budgets["haste"] == 0


def test_a_granted_standard_action_spends_the_granted_budget():
    b = juno_wren_vs(_pkg(), ["stoat"], [9, 5])
    b.put("juno", "hasted", rounds=5)
    _round_two(b)
    b.choose("juno", AXE, "stoat")
    lines = b.choose("juno", "standard:dodge@haste")
    assert lines[0] == "Juno dodges: attacks against them are rolled twice, keeping the worse, until their next turn."
    assert b.who("juno").budgets["haste"] == 0


def test_a_budget_change_never_goes_below_zero():
    pkg = _pkg()
    condition(pkg, "winded", budgets=[{"budget": "quick", "flat": -2}])
    b = juno_wren_vs(pkg, ["stoat"], [])
    b.put("juno", "winded", rounds=5)
    _round_two(b)
    assert b.who("juno").budgets["quick"] == 0
    assert b.log[-1] == "Winded takes 2 Quick action from Juno this turn (0 in all)."


# ---------------------------------------------------------------------------
# exclusive, attacksPerTurn
# ---------------------------------------------------------------------------


def test_exclusive_budgets_spending_one_empties_the_other():
    b = juno_wren_vs(_pkg(), ["stoat"], [], charms=("glint",))
    b.put("wren", "torn", rounds=5)
    b.choose("juno", "end-turn")
    assert HOOK in b.options("wren")
    b.choose("wren", "ability:charms:glint", "stoat")
    assert b.who("wren").budgets["act"] == 0


def test_attacks_per_turn_stops_a_sequence_after_its_first_attack():
    b = juno_wren_vs(_pkg(), ["ghoul"], [9, 3])
    b.put("ghoul", "slowed", rounds=5)
    b.choose("juno", "end-turn")
    b.choose("wren", "end-turn")
    lines = b.choose("ghoul", "action:flurry", "juno")
    assert lines[:5] == ["Ghoul uses Flurry.", "Ghoul attacks Juno with Claw: 9 + 4 = 13 against Guard 8, a hit.",
                         "Claw (3) deals 3 cut damage to Juno.", "Juno has 8 of 11 Breath.",
                         "Ghoul has made 1 attack this turn, all their conditions allow, so Claw does not happen."]


def test_attacks_per_turn_takes_attack_options_off_the_menu():
    b = juno_wren_vs(_pkg(), ["ghoul"], [])
    b.put("ghoul", "slowed", rounds=5)
    b.choose("juno", "end-turn")
    b.choose("wren", "end-turn")
    b.who("ghoul").attacks_made = 1
    assert not [o for o in b.options("ghoul") if o.startswith("action:")]


# ---------------------------------------------------------------------------
# delays
# ---------------------------------------------------------------------------


def _sluggish_wren(dice: list[int]):
    b = juno_wren_vs(_pkg(), ["stoat"], dice, charms=("lantern-flare",))
    b.put("wren", "sluggish", rounds=5)
    b.choose("juno", "end-turn")
    return b


def test_a_delayed_action_waits_and_completes_at_the_start_of_the_next_turn():
    b = _sluggish_wren([15, 9, 3])
    lines = b.choose("wren", FLARE, "stoat")
    assert lines[:2] == ["Wren spends 1 Lamp oil on Lantern Flare.",
                         "Sluggish: Wren rolls 15 on a d20 for Lantern Flare (11 or higher holds it back), so it "
                         "waits until the start of Wren's next turn; what it cost stays spent."]
    assert b.who("wren").delayed is not None
    b.choose("stoat", "end-turn")
    lines = b.choose("juno", "end-turn")
    assert lines[1:5] == ["Wren's held-back Lantern Flare takes effect, spending this turn's Action.",
                          "Wren uses Lantern Flare on Stoat.",
                          "Wren attacks Stoat with Lantern Flare: 9 + 5 = 14 against Guard 8, a hit.",
                          "Lantern Flare (3) deals 3 fire damage to Stoat."]
    assert b.who("wren").budgets["act"] == 0
    assert b.who("wren").sheet["live"]["pools"]["oil"] == 2


def test_a_low_roll_lets_it_go_ahead():
    b = _sluggish_wren([10, 9, 3])
    lines = b.choose("wren", FLARE, "stoat")
    assert lines[1:3] == ["Sluggish: Wren rolls 10 on a d20 for Lantern Flare (11 or higher holds it back), so it "
                          "goes ahead.", "Wren uses Lantern Flare on Stoat."]


def test_a_holder_who_cannot_act_loses_the_delayed_action():
    b = _sluggish_wren([15])
    b.choose("wren", FLARE, "stoat")
    b.put("wren", "pinned", rounds=5)
    b.choose("stoat", "end-turn")
    lines = b.choose("juno", "end-turn")
    assert lines[1] == "Wren's held-back Lantern Flare is lost: they cannot act."
    assert b.who("wren").delayed is None
