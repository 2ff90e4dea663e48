"""What an entry does to the turn: `spendLimits` (read once at the start; per turn and per
round resets), `free` and `gives` (capped at the turn's normal holding plus the gift),
`standard` grants (`standard:<action>@<budget>`), and `concentration` (a second one ends
the first, and the conditions it maintained with it).

Juno (initiative 6 + 6) acts first, then the Rust jackal (1 + 1 + 1). Luck holds 3.
"""

from __future__ import annotations

from tests.combat.extras_kit import add_knack, juno, knack_roads
from tests.combat.kit import Bout, foe, ruleset

INIT = [6, 6, 1, 1]
#: A free self-buff that costs one Luck: what a spend limit is tested on.
STEADY = {"kind": "buff", "targets": "self", "free": True, "temporary": {"flat": 1},
          "cost": [{"pool": "luck", "amount": 1}]}


def _limited(per: str) -> Bout:
    pkg = knack_roads()
    add_knack(pkg, "steady", "Steady", STEADY)
    pkg["combat"]["spendLimits"] = [{"pool": "luck", "max": {"abilityMod": "wits"}, "per": per}]
    # Wits 1: one Luck a turn (or round), however much is in the pool.
    return Bout(ruleset(pkg), [juno("steady", abilities={"wits": 1})], [foe("rust-jackal")], dice=INIT)


def test_a_spend_limit_is_read_once_and_leaves_the_cost_off_the_menu():
    bout = _limited("turn")
    assert bout.who("juno").spend_limits == {"turn:luck": 1}
    assert "ability:knacks:steady" in bout.options("juno")
    lines = bout.choose("juno", "ability:knacks:steady")
    assert lines[0] == "Juno spends 1 Luck on Steady."
    # Two Luck are left, but the limit for this turn is used up.
    assert bout.who("juno").sheet["live"]["pools"]["luck"] == 2
    assert "ability:knacks:steady" not in bout.options("juno")


def test_a_per_turn_limit_starts_again_on_the_holders_next_turn():
    bout = _limited("turn")
    bout.choose("juno", "ability:knacks:steady")
    bout.choose("juno", "end-turn")
    assert bout.waiting() == "rust-jackal"
    bout.choose("rust-jackal", "end-turn")
    assert bout.waiting() == "juno"
    assert "ability:knacks:steady" in bout.options("juno")


def test_a_per_round_limit_starts_again_with_the_round():
    bout = _limited("round")
    bout.choose("juno", "ability:knacks:steady")
    assert bout.who("juno").spent == {"turn:luck": 1, "round:luck": 1}
    bout.choose("juno", "end-turn")
    bout.choose("rust-jackal", "end-turn")
    assert bout.state.round == 2
    assert bout.who("juno").spent == {}
    assert "ability:knacks:steady" in bout.options("juno")


def test_a_creature_written_in_numbers_is_bound_by_no_limit():
    bout = _limited("turn")
    assert bout.who("rust-jackal").spend_limits == {}


def test_gives_adds_the_budget_at_once_capped_at_the_turn_plus_the_gift():
    pkg = knack_roads()
    add_knack(pkg, "second-breath", "Second Breath",
              {"kind": "utility", "free": True, "gives": [{"budget": "act", "count": 1}]})
    bout = Bout(ruleset(pkg), [juno("second-breath")], [foe("rust-jackal")], dice=INIT + [2, 2, 3])
    option = bout.options("juno")["ability:knacks:second-breath"]
    assert option.budget is None and option.costs == []
    assert bout.choose("juno", "ability:knacks:second-breath") == [
        "Second Breath gives Juno 1 Action: 2 left this turn.",
        "Juno uses Second Breath on Juno.",
    ]
    assert bout.choose("juno", "ability:knacks:second-breath")[0] == \
        "Second Breath gives Juno 1 Action: 2 left this turn (held to 2)."
    assert bout.who("juno").budgets["act"] == 2
    bout.choose("juno", "attack:gear:road-axe", "rust-jackal")
    assert bout.who("juno").budgets["act"] == 1
    assert "attack:gear:road-axe" in bout.options("juno")


def test_a_standard_grant_is_offered_with_its_budget_and_the_entry_is_not():
    pkg = knack_roads()
    add_knack(pkg, "quick-feet", "Quick Feet",
              {"kind": "utility", "standard": {"actions": ["dodge"], "budget": "quick"}})
    bout = Bout(ruleset(pkg), [juno("quick-feet")], [foe("rust-jackal")], dice=INIT)
    options = bout.options("juno")
    assert "ability:knacks:quick-feet" not in options
    granted = options["standard:dodge@quick"]
    assert (granted.label, granted.budget, granted.group) == ("Dodge (Quick)", "quick", "standard")
    lines = bout.choose("juno", "standard:dodge@quick")
    assert lines == ["Juno dodges: attacks against them are rolled twice, keeping the worse, until their next turn."]
    assert bout.who("juno").budgets == {"act": 1, "quick": 0}
    options = bout.options("juno")
    assert "standard:dodge@quick" not in options and "standard:dodge" in options


def _warder() -> Bout:
    pkg = knack_roads()
    add_knack(pkg, "ward", "Ward", {"kind": "buff", "targets": "self", "free": True, "concentration": True,
                                    "applies": [{"condition": "warded", "duration": {"rounds": 10}}]})
    add_knack(pkg, "brace", "Brace", {"kind": "buff", "targets": "self", "free": True, "concentration": True,
                                      "applies": [{"condition": "braced", "duration": {"rounds": 10}}]})
    return Bout(ruleset(pkg), [juno("ward", "brace")], [foe("rust-jackal")], dice=INIT)


def test_a_second_concentration_ends_the_first_and_what_it_maintained():
    bout = _warder()
    assert bout.choose("juno", "ability:knacks:ward") == ["Juno uses Ward on Juno.", "Juno is Warded for 10 rounds."]
    assert bout.who("juno").sheet["live"]["text"] == {"concentration": "Ward"}
    lines = bout.choose("juno", "ability:knacks:brace")
    assert lines == [
        "Juno uses Brace on Juno.",
        "Juno stops concentrating on Ward: starting Brace.",
        "Juno is no longer Warded: Juno's concentration ended.",
        "Juno is Braced for 10 rounds.",
    ]
    juno_now = bout.who("juno")
    assert [h.id for h in juno_now.conditions] == ["braced"]
    assert juno_now.concentration.label == "Brace"
    assert juno_now.sheet["live"]["text"] == {"concentration": "Brace"}
