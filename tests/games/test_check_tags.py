"""`[skill_check: ...]` tags in a Game Master reply (shared/games/checks.py, reply.py): how a
tag is read (Marinara's own attribute names), what the model wrote of the Engine's result
is dropped, the receipt, and the properties: a receipt reads back as the same check, and
the same seed rolls the same dice."""

from __future__ import annotations

from functools import lru_cache

from hypothesis import given, settings
from hypothesis import strategies as st

from shared.clocks.tags import find_tags
from shared.dice import ScriptedRoller, SeededRoller
from shared.games.checks import read_check_tag
from shared.games.reply import apply_reply
from shared.ruleset.load import load_package
from shared.sheet.checks import CheckAsk, plan_check
from shared.sheet.view import SheetView
from tests.conftest import UPSTREAM

MIRA = {"name": "Mira", "sheet": {"skills": {"ward": "rating_2"}, "live": {"states": {"light": "shuttered"}}}}


@lru_cache(maxsize=None)
def gravewatch():
    return load_package(UPSTREAM / "gravewatch.json")


def ask(text: str) -> CheckAsk | str:
    (tag,) = find_tags(text)
    return read_check_tag(tag)


def test_a_tag_reads_as_marinaras_ask():
    assert ask('[skill_check: skill="Ward" dc="2" who="Mira" with="Warmth" mode="advantage" bonus="+2"]') == \
        CheckAsk("Ward", who="Mira", dc=2, with_="Warmth", mode="advantage", bonus=2)
    # dc= that is no number is a ladder step's name; a bare flag leans the roll.
    assert ask('[SKILL_CHECK: skill=Ward dc="Grim" disadvantage]') == \
        CheckAsk("Ward", difficulty="Grim", mode="disadvantage")
    # Both leanings cancel.
    assert ask('[skill_check: skill="Ward" dc="1" advantage disadvantage]').mode == "normal"
    assert ask('[skill_check: skill="Ward" dc="1" rolls="7"]').rolls == 7


def test_what_the_model_wrote_of_the_result_is_dropped_and_its_dice_are_no_player_die():
    for text in ('[skill_check: skill="Ward" dc="1" rolls="7" result="success"]',
                 '[skill_check: skill="Ward" dc="1" rolls="7" total="9"]',
                 '[skill_check: skill="Ward" dc="1" rolls="7" modifier="2" used="7"]'):
        assert ask(text) == CheckAsk("Ward", dc=1), text
    # A reason the Game Master writes is dropped: it does not stop the roll.
    assert ask('[skill_check: skill="Ward" dc="1" reason="untrained"]') == CheckAsk("Ward", dc=1)


def test_unreadable_tags_are_refused_by_name_and_change_nothing():
    cases = {
        '[skill_check: dc="1"]': "a check names what is rolled with skill= (a skill, a save or an ability)",
        '[skill_check: skill="Ward" dc="1" colour="red"]': "a check tag takes no colour",
        '[skill_check: skill="Ward" dc="1" dc="2"]': "dc is given twice",
        '[skill_check: skill="Ward" dc="1" bonus="lots"]': "bonus must be a whole number, not lots",
        '[skill_check: skill="Ward" dc="1" mode="sideways"]': "mode is advantage, disadvantage or normal, not sideways",
        '[skill_check: skill="Ward" dc="1" difficulty="Grim"]':
            "a check names its difficulty once: dc= a number or difficulty= a step",
    }
    for text, reason in cases.items():
        out = apply_reply(gravewatch(), {}, text, [MIRA], roller=SeededRoller(1))
        assert out.receipts == [{"tag": "skill_check", "result": "refused", "reason": reason}], text
        assert out.text == text[:-1] + f' result="refused" reason="{reason}"]'
    # Without the game's dice nothing rolls a check.
    out = apply_reply(gravewatch(), {}, '[skill_check: skill="Ward" dc="1"]', [MIRA])
    assert out.receipts[0]["reason"] == "checks are rolled by the game, from its own dice"


def test_a_members_own_turn_rolls_no_check():
    text = '[skill_check: skill="Ward" who="Mira" dc="1"]'
    out = apply_reply(gravewatch(), {}, text, [MIRA], "member", roller=SeededRoller(1))
    assert (out.text, out.receipts) == (text, [])


def test_no_member_named_or_two_roll_with_no_modifier_and_say_so():
    pell = {"name": "Pell", "sheet": {"abilities": {"nerve": 5}}}
    # Ward untrained for a stranger: no dice of its own, pool.min 1; a 7 reaches 7.
    out = apply_reply(gravewatch(), {}, '[skill_check: skill="Ward" dc="1"]', [MIRA, pell],
                      roller=ScriptedRoller([7]))
    assert out.receipts[0]["check"]["note"] == "no member was named: rolled with no modifier"
    assert (out.receipts[0]["check"]["dice"], out.receipts[0]["result"]) == ("1d10", "success")
    out = apply_reply(gravewatch(), {}, '[skill_check: skill="Ward" who="Pell" dc="1"]', [pell, dict(pell)],
                      roller=ScriptedRoller([7]))
    assert out.receipts[0]["check"]["note"] == "Pell names 2 members: rolled with no modifier"
    # Named once (any case, any spacing around it), Pell rolls Nerve 5: five dice.
    out = apply_reply(gravewatch(), {}, '[skill_check: skill="Ward" who=" PELL " dc="1"]', [MIRA, pell],
                      roller=ScriptedRoller([7] * 5))
    assert (out.receipts[0]["check"]["who"], out.receipts[0]["check"]["dice"]) == ("Pell", "5d10")


def test_checks_count_toward_the_forty_commands_of_a_reply():
    text = " ".join(['[clock: name="A" size="4"]'] + ['[skill_check: skill="Ward" who="Mira" dc="1"]'] * 40)
    out = apply_reply(gravewatch(), {}, text, [MIRA], roller=ScriptedRoller([7] * 200))
    assert out.receipts[-1] == {"tag": "skill_check", "result": "refused",
                                "reason": "at most 40 commands are applied per reply"}
    assert sum(1 for r in out.receipts if r["result"] == "success") == 39


ASKS = st.builds(
    CheckAsk,
    skill=st.sampled_from(["Listen", "Ward", "Soothe", "Nerve", "Steel", "Sinew check", "warmth"]),
    who=st.sampled_from(["Mira", " mira", "Nobody", None]),
    dc=st.one_of(st.none(), st.integers(0, 6)),
    with_=st.one_of(st.none(), st.sampled_from(["Warmth", "SIN"])),
    threshold=st.one_of(st.none(), st.integers(2, 12)),
    bonus=st.one_of(st.none(), st.integers(-6, 6)),
    spend=st.one_of(st.none(), st.sampled_from(["resolve", "resolve:3"])),
    reroll=st.one_of(st.none(), st.just("careful")),
    double=st.one_of(st.none(), st.integers(5, 10)),
).map(lambda a: a if a.dc is not None else CheckAsk(**{**a.__dict__, "difficulty": "Hopeless"}))


def _tag(a: CheckAsk) -> str:
    parts = [f'skill="{a.skill}"']
    for key, value in (("who", a.who), ("dc", a.dc), ("difficulty", a.difficulty), ("with", a.with_),
                       ("threshold", a.threshold), ("bonus", a.bonus), ("spend", a.spend), ("reroll", a.reroll),
                       ("double", a.double)):
        if value is not None:
            parts.append(f'{key}="{value}"')
    return "[skill_check: " + " ".join(parts) + "]"


@settings(max_examples=60, deadline=None)
@given(ASKS, st.integers(0, 2**40))
def test_a_receipt_reads_back_as_the_same_check_and_the_same_seed_rolls_the_same(a, seed):
    text = "Before. " + _tag(a) + " After."
    first = apply_reply(gravewatch(), {}, text, [MIRA], roller=SeededRoller(seed))
    again = apply_reply(gravewatch(), {}, text, [MIRA], roller=SeededRoller(seed))
    assert (first.text, first.receipts, first.state) == (again.text, again.receipts, again.state)
    assert first.text.startswith("Before. [skill_check: ") and first.text.endswith("] After.")
    (receipt,) = find_tags(first.text)
    reread = read_check_tag(receipt)
    if first.receipts[0]["result"] == "refused" and first.receipts[0].get("reason") != "untrained":
        return
    assert isinstance(reread, CheckAsk)
    original = read_check_tag(find_tags(text)[0])
    assert isinstance(original, CheckAsk)
    who = first.receipts[0]["check"].get("who")
    # Mira rolls on her sheet (who= left out names the only member); Nobody as a stranger.
    view = SheetView(gravewatch(), MIRA["sheet"]) if who == "Mira" else None
    standing = "sheet" if who == "Mira" else "stranger"
    assert plan_check(gravewatch(), reread, view, standing, who) == plan_check(gravewatch(), original, view, standing, who)
    # Rolled again from the same dice, the receipt is the receipt.
    replay = apply_reply(gravewatch(), {}, "Before. " + receipt.raw + " After.", [MIRA], roller=SeededRoller(seed))
    assert replay.text == first.text
