"""Encounter budgets (1.803): a party's budget from its levels and the game difficulty,
a fight's worth with the crowd multiplier and the party-size shift, and invented
opponents lowered tier by tier (the highest worth first) until the fight fits; a boss
allows the next step; bestiary creatures count as they are and are never lowered."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from shared.combat.budget import Counted, crowd_times, fight_worth, fit_budget, party_budget
from shared.combat.invention import settle
from tests.combat.budget_kit import WORTH, budget_marsh, party
from tests.combat.kit import ruleset

RS = ruleset(budget_marsh())


def test_a_partys_budget_reads_each_members_row_and_the_difficultys_step():
    assert party_budget(RS, party(2, 2), "normal").amount == 200  # Medium: 100 + 100
    assert party_budget(RS, party(1, 3), "hard").amount == 75 + 225
    assert party_budget(RS, party(2, 2), "normal", boss=True).step == "hard"  # a boss: the next step
    assert party_budget(RS, party(9), "brutal").amount == 400  # level 9 reads the level-3 row; brutal: Deadly
    assert party_budget(RS, party(2, 2), "casual").levels == (2, 2)


def test_the_crowd_multiplier_shifts_with_the_partys_size():
    assert crowd_times(RS, 1, 4) == 1 and crowd_times(RS, 2, 4) == 1.5 and crowd_times(RS, 7, 4) == 2.5
    assert crowd_times(RS, 2, 2) == 2  # fewer than three: one row up
    assert crowd_times(RS, 3, 6) == 1.5  # more than five: one row down
    assert crowd_times(RS, 16, 1) == 4  # past the last row stays on it


def test_invented_opponents_are_lowered_tier_by_tier_until_the_fight_fits():
    asked = [Counted("Bog tyrant", "dread", True), Counted("Mire hulk", "dread", True)]
    fitted, notes = fit_budget(RS, party(2, 2), asked, "normal")
    assert [c.tier for c in fitted] == ["flicker", "flicker"]
    assert notes == [
        "The fight is worth 1,600 (800 × 2 for 2 opponents) against the Medium budget of 200, "
        "so Bog tyrant is lowered from Dread to Pack.",
        "The fight is worth 1,000 (500 × 2 for 2 opponents) against the Medium budget of 200, "
        "so Mire hulk is lowered from Dread to Pack.",
        "The fight is worth 400 (200 × 2 for 2 opponents) against the Medium budget of 200, "
        "so Bog tyrant is lowered from Pack to Flicker.",
        "The fight is worth 250 (125 × 2 for 2 opponents) against the Medium budget of 200, "
        "so Mire hulk is lowered from Pack to Flicker.",
    ]


def test_a_boss_allows_the_next_step_and_bestiary_creatures_are_never_lowered():
    asked = [Counted("Bog hound", "pack"), Counted("Marsh king", "dread", True, boss=True)]
    fitted, notes = fit_budget(RS, party(3, 3), asked, "normal")
    # Hard (a boss) at level 3: 225 each, 450. 500 × 2 = 1,000 -> the king to Pack: 400 fits.
    assert [c.tier for c in fitted] == ["pack", "pack"]
    assert notes == ["The fight is worth 1,000 (500 × 2 for 2 opponents) against the Hard budget of 450 "
                     "(a boss allows the next step), so Marsh king is lowered from Dread to Pack."]
    over, said = fit_budget(RS, party(1), [Counted("Hound", "dread"), Counted("Imp", "flicker", True)], "casual")
    assert [c.tier for c in over] == ["dread", "flicker"]
    assert said == ["The fight is worth 850 (425 × 2 for 2 opponents) against the Easy budget of 25, and no "
                    "invented opponent can go lower, so it stays over budget."]


def test_a_fight_with_nothing_invented_is_counted_but_never_changed():
    asked = [Counted("Hound", "dread")]
    assert fit_budget(RS, party(1), asked, "casual") == (asked, [])


def test_settle_turns_asks_into_foes_and_lowers_them():
    foes = [{"creature": "bog-hound"},
            {"invent": 2, "tier": "dread", "brief": "drowned knights", "position": [5, 5]}]
    proposals = [{"name": "Drowned knight", "statBlock": {"tier": "dread", "health": 30, "defense": 11,
                                                           "initiativeModifier": 0,
                                                           "actions": [{"name": "Sword", "toHit": 5,
                                                                        "damage": {"dice": "2d6"}}]}}]
    settled, notes = settle(RS, party(2, 2), foes, proposals, "normal")
    assert settled[0] == {"creature": "bog-hound"}
    assert [f["name"] for f in settled[1:]] == ["Drowned knight", "Dread 2"]
    assert [f["statBlock"]["tier"] for f in settled[1:]] == ["flicker", "flicker"]
    assert all(f["position"] == [5, 5] for f in settled[1:])
    assert settled[1]["statBlock"]["actions"] == [{"name": "Sword", "toHit": 5, "damage": {"dice": "2d6"},
                                                    "id": "sword", "budget": "act"}]
    assert notes[:3] == ["Drowned knight's Sword names no budget, so it spends 'act'.",
                         "The GM proposed no opponent for Dread 2.", "Dread 2 is built from the Dread tier's own numbers."]
    assert notes[3].startswith("The fight is worth 2,250 (900 × 2.5 for 3 opponents) against the Medium budget of 200")
    # Bog hound is Pack (100) and two Dread (400): 900; three opponents x2, a party of two one row up: x2.5.


@given(st.lists(st.sampled_from(sorted(WORTH)), min_size=1, max_size=6), st.integers(1, 5),
       st.sampled_from(["casual", "normal", "hard", "brutal"]))
@settings(max_examples=80, deadline=None)
def test_lowering_ends_within_budget_or_with_everything_invented_at_the_bottom(tiers, rank, difficulty):
    asked = [Counted(f"o{i}", t, invented=True) for i, t in enumerate(tiers)]
    fitted, _notes = fit_budget(RS, party(rank, rank), asked, difficulty)
    total, _plain, _times = fight_worth(RS, fitted, 2)
    assert total <= party_budget(RS, party(rank, rank), difficulty).amount or all(c.tier == "flicker" for c in fitted)
    order = ["flicker", "pack", "dread"]
    assert all(order.index(a.tier) >= order.index(b.tier) for a, b in zip(asked, fitted))
