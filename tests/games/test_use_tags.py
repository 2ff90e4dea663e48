"""`[use: ...]` tags in a Game Master reply (shared/games/uses.py, reply.py): how a tag is
read, what the model wrote of the Engine's result is dropped, and the properties: a refused
use changes nothing, pools stay in range, undoing a reply (applying it again to the state
it started from) gives everything back, and the same dice come again. Tobin is
tests/gateway/test_game_uses.py's (Grit maximum 6, Luck 3, Last Ember's one trick use)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from shared.clocks.tags import find_tags
from shared.dice import SeededRoller
from shared.games.members import member_sheet
from shared.games.reply import apply_reply
from shared.games.state import normal_state
from shared.games.uses import read_use_tag, use_lines
from shared.sheet import SheetView
from shared.sheet.picks import pick
from shared.sheet.uses import UseAsk
from tests.combat.item_kit import RING_OF_PROTECTION, item_ruleset
from tests.combat.test_items_used import POTION_OF_HEALING
from tests.gateway.test_game_uses import _rules, tobin


def ask(text: str) -> UseAsk | str:
    (tag,) = find_tags(text)
    return read_use_tag(tag)


def test_a_tag_reads_as_an_ask_and_the_engines_attributes_are_dropped():
    assert ask('[use: who="Mira" entry="Fireball" level="4" target="the ogres"]') == \
        UseAsk("Fireball", who="Mira", level=4, target="the ogres")
    assert ask('[USE: entry=Fireball slot=5]') == UseAsk("Fireball", level=5)
    assert ask('[use: entry="Staff of Healing" charges="2"]') == UseAsk("Staff of Healing", charges=2)
    assert ask('[use: entry="Fireball" paid="nothing" dice="1d4" amount="99" did="won" result="used"]') == \
        UseAsk("Fireball")


def test_unreadable_tags_are_refused_by_name_and_change_nothing():
    cases = {
        '[use: who="Tobin"]': "a use names what is used with entry= (an ability, a feature, a spell or a carried item)",
        '[use: entry="Last Ember" colour="red"]': "a use tag takes no colour",
        '[use: entry="Last Ember" level="high"]': "level must be a whole number from 1, not high",
        '[use: entry="Fireball" level="3" slot="4"]': "a use names its slot level once: level= or slot=",
        '[use: entry="Last Ember" charges="many"]': "charges must be a whole number, not many",
    }
    for text, reason in cases.items():
        out = apply_reply(_rules("ember"), {}, text, [tobin()], roller=SeededRoller(1))
        assert out.receipts == [{"tag": "use", "result": "refused", "reason": reason}], text
        assert out.text == text[:-1] + f' result="refused" reason="{reason}"]'
        assert out.state == normal_state({})


def test_a_members_own_turn_uses_nothing_and_without_dice_nothing_is_used():
    text = '[use: who="Tobin" entry="Last Ember"]'
    out = apply_reply(_rules("ember"), {}, text, [tobin()], "member", roller=SeededRoller(1))
    assert (out.text, out.receipts) == (text, [])
    out = apply_reply(_rules("ember"), {}, text, [tobin()])
    assert out.receipts == [{"tag": "use", "result": "refused", "reason": "uses are rolled by the game, from its own dice"}]


ENTRIES = ["Last Ember", "Hold the Line", "Road Sense", "Fireball"]


def _tobin(grit: int, luck: int, uses: int) -> dict:
    member = tobin()
    member["sheet"] = {**member["sheet"], "live": {"pools": {"grit": grit, "luck": luck, "tricks:last-ember": uses}}}
    for ref in ("knacks/hold-the-line", "knacks/road-sense"):
        member["sheet"] = pick(_rules("ember"), member["sheet"], ref)
    return member


@settings(max_examples=40, deadline=None)
@given(grit=st.integers(0, 6), luck=st.integers(0, 3), uses=st.integers(0, 1), seed=st.integers(0, 2**32),
       names=st.lists(st.sampled_from(ENTRIES), min_size=1, max_size=5))
def test_refusals_change_nothing_pools_stay_in_range_and_undo_restores_exactly(grit, luck, uses, seed, names):
    rules, member = _rules("ember"), _tobin(grit, luck, uses)
    start = normal_state({})
    text = " ".join(f'[use: who="Tobin" entry="{name}"]' for name in names)
    out = apply_reply(rules, start, text, [member], roller=SeededRoller(seed), use_roller=SeededRoller(seed))
    # Undo: the reply is applied again to the state it started from, which it never changed.
    assert start == normal_state({})
    again = apply_reply(rules, start, text, [member], roller=SeededRoller(seed), use_roller=SeededRoller(seed))
    assert (again.state, again.text, again.receipts) == (out.state, out.text, out.receipts)
    # One tag at a time: a refused use leaves the state as it was; pools stay in range.
    state = start
    for name in names:
        one = apply_reply(rules, state, f'[use: who="Tobin" entry="{name}"]', [member], roller=SeededRoller(seed),
                          use_roller=SeededRoller(seed))
        if one.receipts[0]["result"] == "refused":
            assert one.state == state
        state = one.state
        view = SheetView(rules, member_sheet(state, member))
        for key, info in view.pools().items():
            assert 0 <= view.pool(key)[1] <= info.max


def test_the_reminder_teaches_carried_items_only_where_an_item_has_a_use():
    # The 5e example with a Potion of Healing (an item `use`) and a Ring of Protection (worn
    # effects only): the item kit's test package (tests/combat/item_kit.py).
    with_potion = use_lines(item_ruleset(RING_OF_PROTECTION, POTION_OF_HEALING))[0]
    ring_only = use_lines(item_ruleset(RING_OF_PROTECTION))[0]
    assert with_potion.startswith('Abilities, features, spells and carried items with a use: [use: who="Name" entry="')
    assert ring_only.startswith('Abilities, features and spells: [use: who="Name" entry="')
    assert with_potion.split(": ", 1)[1] == ring_only.split(": ", 1)[1]
