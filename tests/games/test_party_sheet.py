"""The shared party sheet (spec/sheet.md "Party sheet", 1.144 and 1.163): the spec's own
tags, its refusals, pools by the character pool rules, and member fields."""

from __future__ import annotations

from shared.games.reply import apply_reply
from shared.games.state import normal_state
from shared.party import check_save, party_rules, read_party
from tests.games.fixtures import game_ruleset, member, plain_ruleset

MEMBERS = [member("Juno", 3), member("Pell", 4)]


def run(text: str, party: dict | None = None, members=MEMBERS, ruleset=None):
    return apply_reply(ruleset or game_ruleset(), {"party": party or {}}, text, members)


def shown(party: dict, members=MEMBERS) -> dict:
    ruleset = game_ruleset()
    return read_party(ruleset, party_rules(ruleset), party, members)


def test_the_spec_tags_restore_spend_and_advance():
    out = run(
        '[sheet: sheet="party" op="restore" pool="coin" amount="3"]\n'
        '[sheet: sheet="party" op="spend" pool="coin" amount="2"]\n'
        '[sheet: sheet="party" op="advance" field="heat" by="2"]\n'
        '[sheet: sheet="party" op="advance" field="upgrades" to="Hidden vault"]'
    )
    assert out.text == (
        '[sheet: sheet="party" op="restore" pool="coin" amount="3" result="ok" now="3/8"]\n'
        '[sheet: sheet="party" op="spend" pool="coin" amount="2" result="ok" now="1/8"]\n'
        '[sheet: sheet="party" op="advance" field="heat" by="2" result="ok" now="2"]\n'
        '[sheet: sheet="party" op="advance" field="upgrades" to="Hidden vault" result="ok"]'
    )
    assert out.state["party"] == {
        "fields": {"heat": 2, "upgrades": "Hidden vault"},
        "lists": {},
        "live": {"pools": {"coin": 1}},
    }
    view = shown(out.state["party"])
    assert view["fields"] == {"heat": 2, "vault": 8, "upgrades": "Hidden vault", "size": 2, "stamina_total": 7}
    assert view["pools"] == {"coin": {"current": 1, "max": 8}}


def test_pools_start_by_their_start_and_follow_their_max_field():
    # Coin starts empty; its maximum reads Vault capacity, so advancing the vault grows it.
    assert shown({})["pools"] == {"coin": {"current": 0, "max": 8}}
    out = run('[sheet: sheet="party" op="advance" field="vault" to="12"] '
              '[sheet: sheet="party" op="restore" pool="Coin" amount="20"]')
    assert [r.get("now") for r in out.receipts] == ["12", "12/12"]


def test_refusals_say_why_and_change_nothing():
    party = {"fields": {"heat": 8}, "live": {"pools": {"coin": 1}}}
    cases = {
        '[sheet: sheet="party" op="spend" pool="coin" amount="2"]': "Coin has 1 left, not enough to spend 2",
        '[sheet: sheet="party" op="spend" pool="gold" amount="1"]': "there is no pool 'gold' on this sheet",
        '[sheet: sheet="party" op="damage" pool="coin" amount="1"]': "the party sheet allows spend, restore and advance, not damage",
        '[sheet: sheet="crew" op="spend" pool="coin"]': "there is no sheet crew: the shared sheet is sheet=party",
        '[sheet: sheet="party" who="Juno" op="spend" pool="coin"]': "sheet=party selects the shared sheet, so who is omitted",
        '[sheet: sheet="party" op="advance" field="size" by="1"]': "Crew size is not an advancement field of the party sheet",
        '[sheet: sheet="party" op="advance" field="heat" by="2"]': "Heat must be within 0..9, not 10",
        '[sheet: sheet="party" op="advance" field="fame" by="2"]': "there is no party field fame",
        '[sheet: sheet="party" op="advance" field="heat" by="1" to="3"]': "advance takes exactly one of by and to",
        '[sheet: sheet="party" op="spend" pool="coin" field="heat"]': "spend on the party sheet takes no field",
        '[sheet: sheet="party" op="spend" pool="coin" amount="lots"]': "the amount must be a whole number, not 'lots'",
        '[sheet: sheet="party" op="spend" pool="coin" mood="sad"]': "a party sheet tag takes no mood",
    }
    for tag, reason in cases.items():
        out = run(tag, party)
        assert out.receipts == [{"tag": "sheet", "result": "refused", "reason": reason}], tag
        assert out.state["party"] == {"fields": {"heat": 8}, "lists": {}, "live": {"pools": {"coin": 1}}}
        assert f'result="refused" reason="{reason}"]' in out.text


def test_who_party_applies_to_characters_and_leaves_the_shared_sheet_alone():
    # Lamp oil is a constant 3 on every Lantern Marsh sheet: one spent each leaves 2/3.
    out = run('[sheet: who="party" op="spend" pool="oil" amount="1"]')
    assert out.receipts == [{"tag": "sheet", "result": "ok", "now": "Juno 2/3; Pell 2/3"}]
    assert out.text == '[sheet: who="party" op="spend" pool="oil" amount="1" result="ok" now="Juno 2/3; Pell 2/3"]'
    assert out.state["members"] == {"juno": {"pools": {"oil": 2}}, "pell": {"pools": {"oil": 2}}}
    assert out.state["party"] == normal_state({})["party"]


def test_a_ruleset_without_party_refuses_the_shared_sheet():
    out = run('[sheet: sheet="party" op="spend" pool="coin"]', ruleset=plain_ruleset())
    assert out.receipts == [{"tag": "sheet", "result": "refused", "reason": "this ruleset has no party sheet"}]


def test_member_fields_follow_the_characters_present_whenever_read():
    assert shown({})["fromMembers"] == {"size": 2, "stamina_total": 7}
    assert shown({}, [*MEMBERS, member("Ash", 5)])["fromMembers"] == {"size": 3, "stamina_total": 12}
    assert shown({}, [])["fromMembers"] == {"size": 0, "stamina_total": 0}


def test_a_member_sum_beyond_its_field_is_held_at_the_bound_and_said():
    view = shown({}, [member(f"M{i}", 9) for i in range(3)])
    assert view["fromMembers"]["stamina_total"] == 20
    assert view["notes"] == ["Stamina together: the members give 27, and the field holds 0 to 20, so it reads 20"]


def test_member_fields_are_never_stored_and_cannot_be_advanced_or_saved():
    out = run('[sheet: sheet="party" op="advance" field="heat" by="1"]')
    assert "size" not in out.state["party"]["fields"]
    rules = party_rules(game_ruleset())
    problems = check_save(rules, {"fields": {"size": 4, "heat": 10}, "lists": {"contacts": [{"name": "Moss"}]}})
    assert problems.lines() == [
        "fields.size: is computed from the members, so a save cannot write it",
        "fields.heat: must be within 0..9, not 10",
    ]
    assert not check_save(rules, {"fields": {"heat": 3}, "lists": {"contacts": [{"name": "Moss"}]}})


def test_summary_and_lists_reach_the_reminder():
    from shared.games.reminder import reminder_text

    text = reminder_text(game_ruleset(), {"party": {"fields": {"heat": 2}, "lists": {"contacts": [{"name": "Moss"}]}}},
                         MEMBERS)
    party = text.split("\n\n")[1].splitlines()
    assert party[:5] == ["Party sheet: Crew", "- Heat: 2", "- Crew size: 2", "- Coin: 0/8", "- Contacts: Moss"]
    assert "Coin belongs to the crew." in party
    assert "Record heat after a score." in party
