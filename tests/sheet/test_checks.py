"""Checks and saves rolled from a sheet outside a fight (shared/sheet/checks.py), on the
upstream packages, every number worked out by hand from the entry and the spec
(spec/sheet.md: untrained checks, caps, roll penalties, sheet modifiers)."""

from __future__ import annotations

import copy
import json
from functools import lru_cache

from hypothesis import given, settings
from hypothesis import strategies as st

from shared.dice import ScriptedRoller, SeededRoller
from shared.games.checks import ask_of
from shared.ruleset.load import load_package
from shared.sheet.checks import CheckAsk, CheckRecord, CheckUntrained, plan_check, roll_check
from shared.sheet.refusal import Refusal
from shared.sheet.view import SheetView
from tests.conftest import UPSTREAM

FIVE_E = UPSTREAM / "ruleset-5e-2014.example.json"


@lru_cache(maxsize=None)
def five_e():
    return load_package(FIVE_E)


@lru_cache(maxsize=None)
def gravewatch():
    return load_package(UPSTREAM / "gravewatch.json")


@lru_cache(maxsize=None)
def dockside():
    return load_package(UPSTREAM.parent.parent / "combat" / "fixtures" / "dockside.json")


def five_e_with(**resolution):
    data = json.loads(FIVE_E.read_text())
    data["resolution"].update(resolution)
    return load_package(data)


#: Vex: Dexterity 14 (+2), proficient in Stealth (+2 at level 1): Stealth +4.
VEX = {"abilities": {"dex": 14}, "skills": {"stealth": "proficient"}}
#: Mira with the lamp out (Light on Nerve -2) and two knocks on Harm (Winded, -1).
MIRA_DARK = {"live": {"states": {"light": "out"}, "marks": {"harm": ["knock", "knock"]}}}


def roll(ruleset, ask, faces, sheet=None, **kw) -> CheckRecord:
    out = roll_check(ruleset, ask, ScriptedRoller(faces), sheet=sheet if sheet is not None else {}, who="Vex", **kw)
    assert isinstance(out, CheckRecord), out
    return out


# -- dice-sum (5e) ----------------------------------------------------------------------


def test_5e_a_natural_20_below_the_dc_fails_on_a_check():
    # naturals.check is "none" in the 2014 file: 20 + 4 = 24 is below 25.
    out = roll(five_e(), CheckAsk("Stealth", dc=25), [20], VEX)
    assert (out.used, out.modifier, out.total, out.result) == (20, 4, 24, "failure")
    assert out.attrs() == [("skill", "Stealth"), ("who", "Vex"), ("dc", "25"), ("rolls", "20"), ("used", "20"),
                           ("modifier", "4"), ("total", "24"), ("result", "failure"), ("dice", "1d20"),
                           ("resolution", "sum")]
    assert roll(five_e(), CheckAsk("Stealth", dc=24), [20], VEX).result == "success"


def test_5e_naturals_decide_only_where_the_ruleset_says_so():
    both = five_e_with(naturals={"check": "both", "save": "none"})
    out = roll(both, CheckAsk("Stealth", dc=25), [20], VEX)
    assert (out.total, out.result, out.natural) == (24, "success", "max")
    out = roll(both, CheckAsk("Stealth", dc=5), [1], VEX)
    assert (out.total, out.result, out.natural) == (5, "failure", "min")
    # Saves read naturals.save, which is "none" here: a natural 1 + 2 = 3 reaches DC 3.
    out = roll(both, CheckAsk("dex save", dc=3), [1], VEX)
    assert (out.total, out.result, out.natural) == (3, "success", None)


def test_5e_advantage_keeps_the_better_set_and_disadvantage_the_worse():
    out = roll(five_e(), CheckAsk("Stealth", dc=15, mode="advantage"), [3, 17], VEX)
    assert (out.rolls, out.used, out.total, out.dice, out.result) == (("3", "17"), 17, 21, "2d20", "success")
    out = roll(five_e(), CheckAsk("Stealth", dc=15, mode="disadvantage"), [3, 17], VEX)
    assert (out.used, out.total, out.result) == (3, 7, "failure")
    # Ember Roads declares no advantage: the ask is rolled once and the record says normal.
    ember = load_package(UPSTREAM / "ember-roads.json")
    out = roll_check(ember, CheckAsk("Brawn", dc=8, mode="advantage"), ScriptedRoller([4, 4]), sheet={})
    assert isinstance(out, CheckRecord)
    assert (out.plan.mode, out.rolls, out.dice) == ("normal", ("4", "4"), "2d6")


def test_5e_saves_and_abilities_by_every_name_they_answer_to():
    for name in ("dex_save", "Dexterity save", "DEX saving throw", "  dexterity SAVE "):
        out = roll(five_e(), CheckAsk(name, difficulty="Medium"), [10], VEX)
        assert (out.plan.target.id, out.plan.dc, out.total) == ("dex_save", 15, 12)
    out = roll(five_e(), CheckAsk("Dexterity check", dc=10), [8], VEX)
    assert (out.plan.target.kind, out.modifier, out.total, out.result) == ("ability", 2, 10, "success")
    # Stealth rolled with Wisdom (10, +0) keeps its proficiency: 0 + 2.
    out = roll(five_e(), CheckAsk("Stealth", dc=10, with_="Wisdom"), [8], VEX)
    assert (out.modifier, out.plan.target.with_label) == (2, "Wisdom")


def test_refusals_name_what_is_wrong():
    def refused(ask):
        out = roll_check(five_e(), ask, ScriptedRoller([]), sheet=VEX)
        assert isinstance(out, Refusal), out
        return out.code, out.message

    assert refused(CheckAsk("Fly", dc=10)) == ("unknown-skill", "this ruleset has no skill, save or ability called Fly")
    assert refused(CheckAsk("Stealth")) == ("bad-check", "a check needs a difficulty: dc= a number, or a step of the "
                                           "ladder (Very easy, Easy, Medium, Hard, Very hard, Nearly impossible)")
    assert refused(CheckAsk("Stealth", difficulty="Tough"))[1].startswith("no single difficulty is called Tough")
    assert refused(CheckAsk("Stealth", dc=10, with_="Luck")) == (
        "bad-check", "this ruleset has no ability called Luck to roll with")


def test_a_die_the_player_rolled_first_stands_in_for_the_single_die_only():
    roller = ScriptedRoller([5])
    out = roll_check(five_e(), CheckAsk("Stealth", dc=15, rolls=17), roller, sheet=VEX)
    assert isinstance(out, CheckRecord) and (out.used, out.total, roller.cursor) == (17, 21, 0)
    # Outside the die's faces, or under advantage (two dice), it is rolled again.
    out = roll(five_e(), CheckAsk("Stealth", dc=15, rolls=21), [5], VEX)
    assert (out.used, out.plan.rolls) == (5, None)
    out = roll(five_e(), CheckAsk("Stealth", dc=15, rolls=17, mode="advantage"), [5, 6], VEX)
    assert out.used == 6


# -- dice-pool (Gravewatch) ---------------------------------------------------------------


def test_gravewatch_listen_untrained_at_awkward_with_the_lamp_out_and_winded_floors_to_pool_min():
    # Nerve 2 + Untried 0 = 2 dice; the lamp out takes 2 (Light on Nerve), Winded 1: -1 dice,
    # floored at pool.min 1. Untrained Listen is "harder": target 7 + 1 = 8. Awkward needs 2.
    # The 10 explodes (explode.from 10) into a 9: two successes.
    out = roll(gravewatch(), CheckAsk("Listen", difficulty="Awkward"), [10, 9], MIRA_DARK)
    assert (out.dice, out.target_face, out.modifier, out.adjust, out.penalty) == ("1d10", 8, 2, -2, -1)
    assert (out.rolls, out.used, out.total, out.result) == (("10", "9"), 2, 2, "success")
    assert out.attrs()[:3] == [("skill", "Listen"), ("who", "Vex"), ("dc", "2")]
    # A 7 does not reach 8: no successes.
    out = roll(gravewatch(), CheckAsk("Listen", difficulty="Awkward"), [7], MIRA_DARK)
    assert (out.total, out.result) == (0, "failure")


def test_gravewatch_per_check_threshold_harder_and_the_ladder_target():
    trained = {"skills": {"listen": "rating_1"}}
    assert roll(gravewatch(), CheckAsk("Listen", dc=2), [1, 1, 1], trained).target_face == 7
    assert roll(gravewatch(), CheckAsk("Listen", dc=2), [1, 1]).target_face == 8
    # dc="1" is Plain work, whose target is 6: untrained, 7.
    assert roll(gravewatch(), CheckAsk("Listen", dc=1), [1, 1]).target_face == 7
    # threshold 9 is the top of the range: harder holds it there; 12 is clamped to 9.
    assert roll(gravewatch(), CheckAsk("Listen", dc=2, threshold=9), [1, 1]).target_face == 9
    out = roll(gravewatch(), CheckAsk("Ward", dc=2, threshold=12), [1, 1])
    assert (out.plan.threshold, out.target_face) == (9, 9)


def test_gravewatch_untrained_refuse_by_and_a_sheetless_member():
    out = roll_check(gravewatch(), CheckAsk("Dig", dc=1), ScriptedRoller([]), sheet={}, who="Mira")
    assert isinstance(out, CheckUntrained)
    assert out.attrs() == [("skill", "Dig"), ("who", "Mira"), ("dc", "1"), ("reason", "untrained")]
    # Trained, it rolls: Sinew 2 + 1 = 3 dice.
    assert roll(gravewatch(), CheckAsk("Dig", dc=1), [1, 1, 1], {"skills": {"dig": "rating_1"}}).dice == "3d10"
    # Wrestle takes its section's { "by": -1 }: Sinew 2 - 1 = 1 die.
    assert roll(gravewatch(), CheckAsk("Wrestle", dc=1), [1]).dice == "1d10"
    # Without a sheet there is no training to read: Dig rolls, Wrestle throws both dice.
    out = roll(gravewatch(), CheckAsk("Dig", dc=1), [6, 6], standing="blank")
    assert (out.dice, out.target_face, out.total) == ("2d10", 6, 2)
    assert roll(gravewatch(), CheckAsk("Wrestle", dc=1), [1, 1], standing="blank").dice == "2d10"
    # A stranger has no sheet at all: no dice of its own, held up to pool.min.
    assert roll(gravewatch(), CheckAsk("Ward", dc=1), [1], standing="stranger").dice == "1d10"


def test_gravewatch_cap_bonus_and_spend_are_clamped_and_the_record_shows_what_was_applied():
    # Soothe Trusted: Warmth 2 + 3 = 5, capped at Resolve (2 + Nerve 2 = 4) left: 4 dice, and
    # 1 die with one Resolve left.
    soothe = {"skills": {"soothe": "rating_3"}}
    assert roll(gravewatch(), CheckAsk("Soothe", dc=1), [1] * 4, soothe).dice == "4d10"
    low = {**soothe, "live": {"pools": {"resolve": 1}}}
    assert roll(gravewatch(), CheckAsk("Soothe", dc=1), [1], low).dice == "1d10"
    # bonus +5 is held to situationalDice.max 3: Ward 2 + 3 = 5 dice.
    out = roll(gravewatch(), CheckAsk("Ward", dc=1, bonus=5), [1] * 5)
    assert (out.plan.bonus, out.dice) == (3, "5d10") and ("bonus", "+3") in out.attrs()
    # spend resolve 5 times: perCheck 2, so 2 bought, 2 automatic successes, Resolve 4 -> 2.
    out = roll(gravewatch(), CheckAsk("Ward", difficulty="Grim", spend="resolve:5"), [8, 2])
    assert (out.plan.spend, out.used, out.auto, out.total, out.result) == (("resolve", 2), 1, 2, 3, "success")
    assert out.sheet == {"live": {"pools": {"resolve": 2}}}
    assert ("spend", "resolve:2") in out.attrs() and ("auto", "2") in out.attrs()


def test_a_pool_floored_at_a_pool_min_of_0_throws_nothing_fails_and_pays_nothing():
    # pool.min 0: Ward 2, the lamp out -2, Bleeding (three knocks) -3: -3 dice, floored at 0.
    data = json.loads((UPSTREAM / "gravewatch.json").read_text())
    data["resolution"]["pool"]["min"] = 0
    bleeding = {"live": {"states": {"light": "out"}, "marks": {"harm": ["knock"] * 3}}}
    roller = ScriptedRoller([])
    out = roll_check(load_package(data), CheckAsk("Ward", dc=1, spend="resolve:2"), roller, sheet=bleeding)
    assert isinstance(out, CheckRecord)
    assert (out.dice, out.rolls, out.penalty, out.auto, out.total, out.result) == ("0d10", (), -3, 0, 0, "failure")
    assert out.sheet is None and roller.cursor == 0
    assert ("rolls", "-") in out.attrs()


def test_gravewatch_rerolls_explode_botch_and_cancel():
    # careful: every die showing 6 or less once more. 3 -> 8, 9 stands.
    out = roll(gravewatch(), CheckAsk("Ward", dc=2, reroll="Careful"), [3, 8, 9])
    assert (out.rolls, out.rerolled, out.total, out.result) == (("8", "9"), 1, 2, "success")
    # Without naming it nothing is thrown again.
    assert roll(gravewatch(), CheckAsk("Ward", dc=2), [3, 9]).rerolled == 0
    # explode asked at 7 is held to explode.min 8: the 8 throws one more die.
    out = roll(gravewatch(), CheckAsk("Ward", dc=1, explode=7), [8, 2, 2])
    assert (out.plan.explode, out.rolls) == (8, ("8", "2", "2"))
    # A lone 1: no success and a botch face, a botch. An 8 and a 1: the 1 cancels the
    # success, but the botch is read before cancelling: a failure, not a botch.
    out = roll(gravewatch(), CheckAsk("Ward", dc=1), [1, 4])
    assert (out.botch, out.result) == (True, "failure")
    out = roll(gravewatch(), CheckAsk("Ward", dc=1), [8, 1])
    assert (out.used, out.botch, out.result) == (0, False, "failure")


def test_gravewatch_an_ability_pair_adds_both_abilities_and_their_modifiers():
    # Nerve 2 + Warmth 2 = 4 dice; the lamp out takes 2 off a roll with Nerve.
    out = roll(gravewatch(), CheckAsk("Nerve", dc=1, with_="Warmth"), [1, 1], MIRA_DARK)
    assert (out.modifier, out.adjust, out.penalty, out.dice) == (4, -2, -1, "1d10")
    out = roll(gravewatch(), CheckAsk("Nerve", dc=1, with_="WRM"), [1] * 4)
    assert (out.dice, out.plan.target.with_label) == ("4d10", "Warmth")


# -- symbol-pool --------------------------------------------------------------------------


def test_symbol_pool_builds_ability_and_difficulty_dice_as_its_fights_do():
    # Brawn 2, Scrap trained (+1): 3 = ability 2 and rank 1, larger-upgraded: two dice, one
    # upgraded (Proficiency, Ability), against Average's two Difficulty dice.
    # Proficiency 12 = t, Ability 4 = ss, Difficulty 3 = ff, Difficulty 8 = fh:
    # successes 1 + 2 against failures 2 + 1, net 0; the triumph and one threat remain.
    sheet = {"abilities": {"brawn": 2}, "skills": {"scrap": "trained"}}
    out = roll(dockside(), CheckAsk("Scrap", difficulty="Average"), [12, 4, 3, 8], sheet)
    assert out.dice == "1 Proficiency, 1 Ability, 2 Difficulty"
    assert (out.rolls, out.total, out.result, out.symbols) == (("t", "ss", "ff", "fh"), 0, "failure",
                                                               "1 threat, 1 triumph")


# -- properties ---------------------------------------------------------------------------

ASKS = st.builds(
    CheckAsk,
    skill=st.sampled_from(["Listen", "Ward", "Soothe", "Wrestle", "Nerve", "Steel", "sinew check"]),
    dc=st.one_of(st.none(), st.integers(0, 6)),
    with_=st.one_of(st.none(), st.sampled_from(["Warmth", "Sinew"])),
    threshold=st.one_of(st.none(), st.integers(2, 12)),
    bonus=st.one_of(st.none(), st.integers(-6, 6)),
    spend=st.one_of(st.none(), st.sampled_from(["resolve", "resolve:1", "resolve:3"])),
    reroll=st.one_of(st.none(), st.just("careful")),
    explode=st.one_of(st.none(), st.integers(5, 10)),
).map(lambda a: a if a.dc is not None else CheckAsk(**{**a.__dict__, "difficulty": "Grim"}))


@settings(max_examples=60, deadline=None)
@given(ASKS, st.integers(0, 2**40))
def test_a_receipt_reads_back_as_the_same_check_and_the_same_seed_gives_the_same_rolls(ask, seed):
    sheet = {"skills": {"ward": "rating_2"}, "live": {"states": {"light": "shuttered"}}}
    first = roll_check(gravewatch(), ask, SeededRoller(seed), sheet=sheet, who="Mira")
    again = roll_check(gravewatch(), ask, SeededRoller(seed), sheet=sheet, who="Mira")
    assert first == again
    if isinstance(first, Refusal):
        return
    request = dict(first.plan.ask_attrs())
    reread = ask_of(request)
    assert not isinstance(reread, str)
    assert plan_check(gravewatch(), reread, SheetView(gravewatch(), sheet), who="Mira") == first.plan
    if isinstance(first, CheckRecord):
        replay = roll_check(gravewatch(), reread, SeededRoller(seed), sheet=copy.deepcopy(sheet), who="Mira")
        assert isinstance(replay, CheckRecord) and replay.attrs() == first.attrs()
