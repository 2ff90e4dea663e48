"""Progress clocks from a Game Master reply (spec/sheet.md "Progress clocks", 1.143): the
spec's own tags, every refusal it names, and the receipts."""

from __future__ import annotations

from shared.clocks.tags import find_tags, tokenize
from shared.games.reply import MAX_COMMANDS, apply_reply
from tests.games.fixtures import game_ruleset, plain_ruleset


def run(text: str, clocks: list | None = None, ruleset=None):
    return apply_reply(ruleset or game_ruleset(), {"clocks": clocks or []}, text)


def clock(name: str, size: int, filled: int) -> dict:
    return {"name": name, "size": size, "filled": filled}


def test_create_tick_clear_in_order_with_receipts():
    out = run(
        'The guards stir. [clock: name="Alarm raised" size="6"] Boots on stone. '
        '[clock: name="Alarm raised" tick="2"] [clock: name="Alarm raised" tick="2"]'
    )
    assert out.text == (
        'The guards stir. [clock: name="Alarm raised" size="6" result="ok" now="0/6"] Boots on stone. '
        '[clock: name="Alarm raised" tick="2" result="ok" now="2/6"] '
        '[clock: name="Alarm raised" tick="2" result="ok" now="4/6"]'
    )
    assert out.state["clocks"] == [clock("Alarm raised", 6, 4)]
    out = run('[clock: name="Alarm raised" clear]', out.state["clocks"])
    assert out.text == '[clock: name="Alarm raised" clear result="ok" now="cleared"]'
    assert out.state["clocks"] == []


def test_tick_is_clamped_and_a_full_clock_stays_until_cleared_and_can_reopen():
    out = run('[clock: name="Alarm raised" tick="9"]', [clock("Alarm raised", 6, 4)])
    assert out.text.endswith('result="ok" now="6/6"]')
    assert out.state["clocks"] == [clock("Alarm raised", 6, 6)]
    out = run('[clock: name="Alarm raised" tick="-2"]', out.state["clocks"])
    assert out.text.endswith('result="ok" now="4/6"]')
    out = run('[clock: name="Alarm raised" tick="-10"]', out.state["clocks"])
    assert out.text.endswith('result="ok" now="0/6"]')
    assert out.state["clocks"] == [clock("Alarm raised", 6, 0)]


def test_a_complete_clock_counts_toward_max():
    full = [clock(f"Clock {i}", 4, 4) for i in range(8)]
    out = run('[clock: name="One more" size="4"]', full)
    assert out.text == (
        '[clock: name="One more" size="4" result="refused" '
        'reason="8 clocks are kept already, the most this ruleset allows"]'
    )
    assert out.state["clocks"] == full


def test_names_are_unique_and_found_without_regard_to_case():
    have = [clock("Alarm raised", 6, 1)]
    out = run('[clock: name="ALARM RAISED" size="4"] [clock: name="alarm raised" tick="1"]', have)
    assert out.receipts == [
        {"tag": "clock", "result": "refused", "reason": "a clock named Alarm raised already exists"},
        {"tag": "clock", "result": "ok", "now": "2/6"},
    ]


def test_refusals_say_why_and_change_nothing():
    have = [clock("Alarm raised", 6, 1)]
    cases = {
        '[clock: name="Rival crew" size="5"]': "a clock of 5 segments is not allowed: 4, 6 or 8",
        '[clock: name="Rival crew" size="six"]': "size must be a whole number of segments, not six",
        '[clock: name="Nobody" tick="1"]': "there is no clock named Nobody",
        '[clock: name="Nobody" clear]': "there is no clock named Nobody",
        '[clock: name="Alarm raised" tick="2" clear]': "a clock tag asks for exactly one of size, tick and clear, not tick and clear",
        '[clock: name="Alarm raised" size="6" tick="1"]': "a clock tag asks for exactly one of size, tick and clear, not size and tick",
        '[clock: name="Alarm raised"]': "a clock tag asks for exactly one of size, tick and clear",
        '[clock: size="6"]': "a clock tag names its clock with name",
        '[clock: name="Alarm raised" tick="1" colour="red"]': "a clock tag takes no colour",
        '[clock: name="Alarm raised" tick="1" tick="2"]': "tick is given twice",
        '[clock: name="Alarm raised" tick="a lot"]': "tick must be a whole number, not a lot",
        '[clock: name="Alarm raised" tick]': "tick needs a number",
        '[clock: name="Alarm raised" clear="yes"]': "clear takes no value",
        '[clock: name="{{user}} hunts" size="4"]': "a clock name has no macro braces",
        '[clock: name="" size="4"]': "a clock needs a name of 1 to 100 characters",
        f'[clock: name="{"x" * 101}" size="4"]': "a clock name is at most 100 characters, not 101",
        '[clock: name="Two\nlines" size="4"]': "a clock name is a single line",
        '[clock: name="Tab\there" size="4"]': "a clock name has no control characters",
        '[clock: name="Alarm "raised" size="4"]': "the tag cannot be read at name='Alarm",
    }
    for tag, reason in cases.items():
        out = run(tag, have)
        assert out.receipts == [{"tag": "clock", "result": "refused", "reason": reason}], tag
        assert out.state["clocks"] == have


def test_a_hundred_character_name_is_fine():
    out = run(f'[clock: name="{"x" * 100}" size="4"]')
    assert out.receipts == [{"tag": "clock", "result": "ok", "now": "0/4"}]


def test_result_attributes_the_model_wrote_are_discarded():
    out = run('[clock: name="Alarm raised" result="ok" now="6/6" size="6" reason="because"]')
    assert out.text == '[clock: name="Alarm raised" size="6" result="ok" now="0/6"]'
    assert out.state["clocks"] == [clock("Alarm raised", 6, 0)]


def test_at_most_forty_commands_are_applied():
    tags = " ".join('[clock: name="Alarm raised" tick="1"]' for _ in range(MAX_COMMANDS + 2))
    out = run(tags, [clock("Alarm raised", 8, 0)])
    assert out.applied == 40
    assert out.receipts[40] == {
        "tag": "clock", "result": "refused", "reason": "at most 40 commands are applied per reply"}
    assert len(out.receipts) == 42
    assert out.state["clocks"] == [clock("Alarm raised", 8, 8)]


def test_without_a_clocks_block_the_commands_are_off():
    out = run('[clock: name="Alarm raised" size="6"]', ruleset=plain_ruleset())
    assert out.text == '[clock: name="Alarm raised" size="6" result="refused" reason="this ruleset has no clocks"]'
    assert out.state["clocks"] == []


def test_an_empty_clocks_object_turns_clocks_on_with_the_defaults():
    from shared.ruleset.load import load_package
    from tests.games.fixtures import game_package

    ruleset = load_package(game_package(clocks={}))
    assert (ruleset.clocks.sizes, ruleset.clocks.max) == ([4, 6, 8], 8)
    assert run('[clock: name="Dawn" size="8"]', ruleset=ruleset).receipts[0]["now"] == "0/8"


def test_other_text_is_left_as_written_and_a_character_tag_is_a_command_too():
    # No members are given here, so Juno is nobody: the character command is refused.
    text = 'He says [hello]. [sheet: who="Juno" op="spend" pool="oil" amount="1"] [Clock : name="A" size="4"]'
    out = run(text)
    assert out.text == (
        'He says [hello]. [sheet: who="Juno" op="spend" pool="oil" amount="1" result="refused" '
        'reason="unknown-character"] [clock: name="A" size="4" result="ok" now="0/4"]'
    )


def test_the_grammar_reads_quoted_unquoted_flags_and_junk():
    tokens = tokenize('name="Alarm raised"  size=6 clear junk"here result=ok')
    assert [(t.key, t.value, t.text) for t in tokens] == [
        ("name", "Alarm raised", ""),
        ("size", "6", ""),
        ("clear", None, ""),
        (None, None, 'junk"here'),
    ]
    assert [t.word for t in find_tags('[clock: a="1"] [sheet:b] [other: c]')] == ["clock", "sheet"]
