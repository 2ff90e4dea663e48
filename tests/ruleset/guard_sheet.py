"""The capability guard's probes for the character sheet and the package's top level: tracks, values, rests, skills, abilities, lists, sections, derived values, live state, the party and the GM text
(tests/ruleset/test_capability_guard.py merges them).

Sheet keys are probed on the minimal test package (tests/ruleset/minimal.py: Brawn and Wits
from -1 to 3, Scrap on Brawn, Toughness 2, Grit maximum 4 + Toughness + Brawn, Luck 3, Heat
0..5) with one piece added, with and without the key; what is compared is the sheet as
`battle sheet` computes it, or a sheet operation's result (a rest, a mark) read the same way.
"""

from __future__ import annotations

import copy
from typing import Any, Callable

from shared.combat.invention import asks_in, gm_numbers
from shared.combat.opposition import assign_controllers
from shared.games.reminder import reminder_text
from shared.ruleset.package import Ruleset
from shared.service.invent_prompt import invention_messages
from shared.sheet import apply, compute_sheet_json, is_refusal
from tests.combat.kit import add_charm, foe, marsh, wren_marsh
from tests.games.fixtures import game_package, member
from tests.ruleset.capability_probes import FightProbe, SheetProbe
from tests.ruleset.minimal import minimal_package

Change = Callable[[dict[str, Any], bool], None]


def _sheet_probe(change: Change, sheet: dict[str, Any] | None = None,
                 view: Callable[[Ruleset, dict[str, Any]], Any] | None = None) -> SheetProbe:
    """The minimal package, changed by `change(package, with_key)`, and a character sheet."""
    def build(with_key: bool) -> tuple[dict[str, Any], dict[str, Any]]:
        pkg = minimal_package()
        change(pkg, with_key)
        return pkg, copy.deepcopy(sheet or {})
    return SheetProbe(build) if view is None else SheetProbe(build, view)


def after(*commands: dict[str, Any]) -> Callable[[Ruleset, dict[str, Any]], Any]:
    """The computed sheet after each sheet operation in turn (a refusal's text where one is
    refused), as a player's commands leave it."""
    def view(rs: Ruleset, sheet: dict[str, Any]) -> list[Any]:
        seen = []
        for command in commands:
            result = apply(rs, sheet, command)
            if is_refusal(result):
                seen.append(str(result))
                continue
            sheet = result
            seen.append(compute_sheet_json(rs, sheet))
        return seen
    return view


#: Played keys: a scripted fight (`FightProbe`), or a computed sheet or service output
#: outside a fight (`SheetProbe`), built with and without the key.
PLAYED_PROBES: dict[str, FightProbe | SheetProbe] = {}
#: Played keys put on the objects of a whole fight the Engine plays: (scenario, value).
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}
#: Refusal keys: (value, companions) when the key's type alone gives no accepted value.
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {
    # A hit-point column filled by a d8 (the spec's own example), on a gear list's new column.
    "NumberColumn.roll": ({"count": 1, "sides": 8}, {"id": "hp", "label": "HP", "type": "number", "min": 1, "max": 8}),
}
#: Refusal values: (key, value, companions).
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {}


# ---------------------------------------------------------------------------
# skills and sections
# ---------------------------------------------------------------------------

#: Brawn 3 and Luck down to 1: Scrap (untrained, on Brawn) is 3 + 0 = 3.
STRONG_LUCKLESS = {"abilities": {"brawn": 3}, "live": {"pools": {"luck": 1}}}
LABOUR = {"id": "labour", "label": "Labour", "untrained": {"by": -1}}


def _skill_cap(pkg: dict[str, Any], with_key: bool) -> None:
    # Capped at the Luck left: min(3, 1) = 1 with the key, 3 without.
    if with_key:
        pkg["sheet"]["skills"][0]["cap"] = {"livePool": "luck"}


def _skill_section(pkg: dict[str, Any], with_key: bool) -> None:
    # Scrap in Labour takes its untrained rule: 3 - 1 = 2 with the key, 3 without.
    pkg["sheet"]["sections"].append(copy.deepcopy(LABOUR))
    if with_key:
        pkg["sheet"]["skills"][0]["section"] = "labour"


def _section_untrained(pkg: dict[str, Any], with_key: bool) -> None:
    # Scrap sits in Labour either way; only the section's rule changes it: 2 against 3.
    section = copy.deepcopy(LABOUR)
    if not with_key:
        del section["untrained"]
    pkg["sheet"]["sections"].append(section)
    pkg["sheet"]["skills"][0]["section"] = "labour"


def _brawn_section(pkg: dict[str, Any], with_key: bool) -> None:
    # Brawn shown under the About heading with the key: About lists abilities ["brawn"].
    if with_key:
        pkg["sheet"]["abilities"][0]["section"] = "about"


PLAYED_PROBES.update({
    "Skill.cap": _sheet_probe(_skill_cap, STRONG_LUCKLESS),
    "Skill.section": _sheet_probe(_skill_section, STRONG_LUCKLESS),
    "Section.untrained": _sheet_probe(_section_untrained, STRONG_LUCKLESS),
    "Ability.section": _sheet_probe(_brawn_section),
})


# ---------------------------------------------------------------------------
# values a derived value reads, and derived operations
# ---------------------------------------------------------------------------


def _derived(ref: dict[str, Any], extra: Callable[[dict[str, Any]], None] | None = None) -> Change:
    """A derived value "Read" summing `ref` with the key, the constant 0 without."""
    def change(pkg: dict[str, Any], with_key: bool) -> None:
        if extra is not None:
            extra(pkg)
        pkg["sheet"]["derived"].append({"id": "read", "label": "Read", "op": "sum", "of": [ref if with_key else {"const": 0}]})
    return change


def _bulk_column(pkg: dict[str, Any]) -> None:
    pkg["sheet"]["lists"][0]["columns"].append({"id": "bulk", "label": "Bulk", "type": "number", "min": 0, "max": 3, "default": 0})


#: Two rows of gear of Bulk 2 and 1; Luck 1 of 3; Heat 4 of 5.
GEAR_AND_LIVE = {"lists": {"gear": [{"name": "Axe", "bulk": 2}, {"name": "Rope", "bulk": 1}]},
                 "live": {"pools": {"luck": 1}, "tracks": {"heat": 4}}}

PLAYED_PROBES.update({
    # Bulk summed over the gear: 2 + 1 = 3.
    "ValueRef.listSum": _sheet_probe(_derived({"listSum": {"list": "gear", "column": "bulk"}}, _bulk_column), GEAR_AND_LIVE),
    # Luck's current points: 1.
    "ValueRef.livePool": _sheet_probe(_derived({"livePool": "luck"}), GEAR_AND_LIVE),
    # Heat still to go: 5 - 4 = 1.
    "ValueRef.liveTrack": _sheet_probe(_derived({"liveTrack": "heat", "read": "remaining"}), GEAR_AND_LIVE),
})


def _multiply(pkg: dict[str, Any], with_key: bool) -> None:
    # Toughness 2 and Brawn 3: 2 × 3 = 6 multiplied, 2 + 3 = 5 summed.
    pkg["sheet"]["derived"].append({"id": "read", "label": "Read", "op": "multiply" if with_key else "sum",
                                    "of": [{"field": "toughness"}, {"abilityMod": "brawn"}]})


def _watch(pkg: dict[str, Any]) -> None:
    pkg["sheet"]["fields"].append({"id": "watch", "label": "Watch", "type": "enum", "values": ["dusk", "night", "dawn"],
                                   "default": "night"})


def _enum_table(pkg: dict[str, Any], with_key: bool) -> None:
    # At dusk the table reads 2; without it the value is the constant 0.
    _watch(pkg)
    pkg["sheet"]["derived"].append(
        {"id": "read", "label": "Read", "op": "enumTable", "from": {"field": "watch"}, "table": {"dusk": 2}} if with_key
        else {"id": "read", "label": "Read", "op": "sum", "of": [{"const": 0}]})


def _hidden(rule: dict[str, Any]) -> Change:
    """Toughness hidden by `rule` on the Watch field (at dusk) with the key, shown without."""
    def change(pkg: dict[str, Any], with_key: bool) -> None:
        _watch(pkg)
        if with_key:
            pkg["sheet"]["fields"][0]["hideWhen"] = {"field": "watch", **rule}
    return change


def _states(pkg: dict[str, Any], with_key: bool) -> None:
    # A stance the sheet shows at its default, Steady.
    if with_key:
        pkg["sheet"]["live"]["states"] = [{"id": "stance", "label": "Stance", "values": ["guarded", "steady", "reckless"],
                                           "default": "steady"}]


def _derived_count(count: int) -> Change:
    """`count` derived values in all with the key (the minimal two and "step_N" = N more),
    the minimal two without: the sheet computes every one."""
    def change(pkg: dict[str, Any], with_key: bool) -> None:
        if with_key:
            pkg["sheet"]["derived"] += [{"id": f"step_{n}", "label": f"Step {n}", "op": "sum", "of": [{"const": n}]}
                                        for n in range(count - 2)]
    return change


def _thirteen_columns(pkg: dict[str, Any], with_key: bool) -> None:
    # Gear with 12 columns, and a 13th (Bulk) summed: 2 + 1 = 3; without it, 12 and a 0.
    gear = pkg["sheet"]["lists"][0]["columns"]
    gear += [{"id": f"note_{n}", "label": f"Note {n}", "type": "text", "maxLength": 20} for n in range(12 - len(gear))]
    if with_key:
        _bulk_column(pkg)
    pkg["sheet"]["derived"].append({"id": "read", "label": "Read", "op": "sum",
                                    "of": [{"listSum": {"list": "gear", "column": "bulk"}} if with_key else {"const": 0}]})


AT_DUSK = {"abilities": {"brawn": 3}, "fields": {"watch": "dusk"}, **GEAR_AND_LIVE}

PLAYED_PROBES.update({
    "MultiplyDerived.op = 'multiply'": _sheet_probe(_multiply, AT_DUSK),
    "EnumTableDerived.op = 'enumTable'": _sheet_probe(_enum_table, AT_DUSK),
    "HideWhen.notEquals": _sheet_probe(_hidden({"notEquals": "night"}), AT_DUSK),
    "HideWhen.in": _sheet_probe(_hidden({"in": ["dusk", "dawn"]}), AT_DUSK),
    "Live.states": _sheet_probe(_states, AT_DUSK),
    "Sheet.derived = 'more than 60 entries'": _sheet_probe(_derived_count(61)),
    "Sheet.derived = 'more than 120 entries'": _sheet_probe(_derived_count(121)),
    "Sheet.derived = 'more than 240 entries'": _sheet_probe(_derived_count(241)),
    "Sheet.derived = 'more than 400 entries'": _sheet_probe(_derived_count(401)),
    "SheetList.columns = 'more than 12'": _sheet_probe(_thirteen_columns, AT_DUSK),
})


# ---------------------------------------------------------------------------
# tracks
# ---------------------------------------------------------------------------


def _heat_max(pkg: dict[str, Any], with_key: bool) -> None:
    # Heat as long as Toughness (2) with the key, 5 without: a Heat of 4 shows 2 and 4.
    if with_key:
        pkg["sheet"]["live"]["tracks"][0]["max"] = {"field": "toughness"}


#: Gravewatch-style Harm: four named levels, two kinds of mark (tests/sheet/packages.py).
HARM_LEVELS = [{"label": "Scuffed", "penalty": 0}, {"label": "Winded", "penalty": -1},
               {"label": "Bleeding", "penalty": -3}, {"label": "Down", "penalty": -99}]
HARM = {"id": "harm", "label": "Harm", "min": 0, "max": 4, "levels": HARM_LEVELS,
        "kinds": [{"id": "knock", "label": "K", "severity": 0}, {"id": "tear", "label": "T", "severity": 1}]}
SCARS = {"id": "scars", "label": "Scars", "maxItems": 4,
         "columns": [{"id": "name", "label": "Scar", "type": "text", "maxLength": 60, "required": True},
                     {"id": "levels", "label": "Levels", "type": "number", "min": 1, "max": 2, "default": 1},
                     {"id": "penalty", "label": "Penalty", "type": "number", "min": -3, "max": 0, "default": -1}]}


def _drop(track: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: v for k, v in track.items() if k not in keys}


#: Three numbered boxes read by the boxes left clear (Ember Roads' Strain, on 3 boxes).
STRAIN = {"id": "harm", "label": "Strain", "min": 0, "max": 3,
          "boxes": {"penalty": {"by": "remaining", "table": [[0, -1], [1, 0]]}},
          "kinds": [{"id": "knock", "label": "K", "severity": 0}, {"id": "tear", "label": "T", "severity": 1}]}


def _harm_without(track: dict[str, Any], *keys: str, instead: dict[str, Any] | None = None) -> Change:
    """`track` (and the Scars list) with the key; without it, `track` less `keys`, plus
    `instead` where the track needs another shape."""
    def change(pkg: dict[str, Any], with_key: bool) -> None:
        pkg["sheet"]["live"]["tracks"].append(copy.deepcopy(track) if with_key
                                              else {**_drop(copy.deepcopy(track), *keys), **copy.deepcopy(instead or {})})
        pkg["sheet"]["lists"].append(copy.deepcopy(SCARS))
    return change


MARK = {"op": "damage", "track": "harm", "kind": "knock"}

PLAYED_PROBES.update({
    "Track.max = 'a value reference'": _sheet_probe(_heat_max, {"live": {"tracks": {"heat": 4}}}),
    # Two knocks on three boxes: one box left clear reads 0 on boxes; on three named
    # levels the second mark is Winded's -1.
    "Track.boxes": _sheet_probe(_harm_without(STRAIN, "boxes", instead={"levels": HARM_LEVELS[:3]}), {},
                                after({**MARK, "amount": 2})),
    # Indexed: the knock goes in box 3 as named; a track filled in order refuses `box=`.
    "Track.fill": _sheet_probe(_harm_without({**STRAIN, "fill": "indexed", "onFull": "refuse"}, "fill"), {},
                               after({**MARK, "box": 3})),
    # Four knocks on three boxes: refused whole with the key; without it the lightest mark
    # is raised (three boxes, one a tear).
    "Track.onFull": _sheet_probe(_harm_without({**STRAIN, "onFull": "refuse"}, "onFull"), {},
                                 after({**MARK, "amount": 4})),
    # A scar of one level at -1 lengthens Harm to five levels: Scuffed, Winded, Winded,
    # Bleeding, Down; two knocks then sit on Winded's -1 either way, but the track is 5 long.
    "Track.extra": _sheet_probe(
        _harm_without({**HARM, "extra": {"list": "scars", "countColumn": "levels", "penaltyColumn": "penalty"}}, "extra"),
        {"lists": {"scars": [{"name": "Old bite", "levels": 1, "penalty": -1}]}}, after({**MARK, "amount": 2})),
})


# ---------------------------------------------------------------------------
# rests, taken through the sheet engine's rest operation
# ---------------------------------------------------------------------------

REST = {"op": "rest", "rest": "camp"}


def _rest_step(step: dict[str, Any], key: str, extra: Callable[[dict[str, Any]], None] | None = None) -> Change:
    """Make camp restores Grit and then takes `step`; without the key, the step less `key`
    (or no step, when the step is nothing without it)."""
    def change(pkg: dict[str, Any], with_key: bool) -> None:
        if extra is not None:
            extra(pkg)
        taken = copy.deepcopy(step) if with_key else {k: v for k, v in step.items() if k != key}
        if with_key or any(k in taken for k in ("pool", "poolGroup", "listPools", "track")):
            pkg["rests"][0]["restore"].append(taken)
    return change


def _harm_track(pkg: dict[str, Any]) -> None:
    pkg["sheet"]["live"]["tracks"].append(copy.deepcopy(HARM))


def _stance(pkg: dict[str, Any]) -> None:
    _states(pkg, True)


def _slots(pkg: dict[str, Any]) -> None:
    pkg["sheet"]["live"]["pools"] += [
        {"id": "slots_1", "label": "1st-level slots", "max": {"const": 4}, "group": "slots"},
        {"id": "slots_2", "label": "2nd-level slots", "max": {"const": 2}, "group": "slots"},
    ]


PLAYED_PROBES.update({
    # A tear and a knock on Harm; the rest clears the knocks only (one mark, a tear, left)
    # with `kind`, every mark without it.
    "RestStep.kind": _sheet_probe(_rest_step({"track": "harm", "kind": "knock", "to": "min"}, "kind", _harm_track),
                                  {"live": {"marks": {"harm": ["tear", "knock"]}}}, after(REST)),
    # Reckless before the rest, back to the default Steady after it.
    "RestStep.state": _sheet_probe(_rest_step({"state": "stance", "to": "default"}, "state", _stance),
                                   {"live": {"states": {"stance": "reckless"}}}, after(REST)),
    # Slots 4 and 2, all spent. Shared: half of 4 + 2 = 3 go to the group in order, so 3
    # and 0; each: half of each, 2 and 1.
    "RestStep.shared": _sheet_probe(
        _rest_step({"poolGroup": "slots", "by": {"fractionOfMax": 0.5, "round": "down", "min": 1}, "shared": True},
                   "shared", _slots),
        {"live": {"pools": {"slots_1": 0, "slots_2": 0}}}, after(REST)),
})


# ---------------------------------------------------------------------------
# items
# ---------------------------------------------------------------------------


def _outfitter(pkg: dict[str, Any]) -> None:
    """Ember Roads' item rules, cut down: a Guard stat and two coats."""
    pkg["items"] = {
        "categories": [{"id": "armor", "label": "Armor"}],
        "stats": [{"id": "guard", "label": "Guard", "type": "number", "min": 0, "max": 4, "default": 0}],
        "slots": [{"id": "body", "label": "Body", "count": 1}],
    }
    pkg["catalogs"] = [{"id": "outfitter", "label": "Outfitter", "holds": "items", "entries": [
        {"id": "leather-coat", "label": "Leather coat", "item": {"category": "armor", "stats": {"guard": 1}, "slots": {"body": 1}}},
        {"id": "mail", "label": "Mail", "item": {"category": "armor", "stats": {"guard": 2}, "slots": {"body": 1}}},
    ]}]


#: The leather coat worn, the mail packed.
COAT_WORN = {"live": {"items": [{"item": "outfitter/leather-coat", "worn": True}, {"item": "outfitter/mail"}]}}

PLAYED_PROBES.update({
    # Guard from what is worn: the coat's 1 (the packed mail's 2 does not count).
    "ValueRef.itemStat": _sheet_probe(_derived({"itemStat": {"stat": "guard", "from": "worn", "pick": "sum"}}, _outfitter),
                                      COAT_WORN),
})


# ---------------------------------------------------------------------------
# clocks and the party sheet: the Game Master's reminder text
# ---------------------------------------------------------------------------

#: An alarm clock one segment in, and the crew's Heat 2 with one contact (Moss, at the docks).
GAME_STATE = {"clocks": [{"name": "Alarm raised", "size": 4, "filled": 1}],
              "party": {"fields": {"heat": 2}, "lists": {"contacts": [{"name": "Moss", "haunt": "docks"}]}}}
#: Two members, of Stamina 3 and 4 (tests/games/fixtures.py).
MEMBERS = [member("Juno", 3), member("Wren", 4)]


def gm_reminder(rs: Ruleset, _sheet: dict[str, Any]) -> str:
    """The Game Master's reminder for the game above."""
    return reminder_text(rs, copy.deepcopy(GAME_STATE), copy.deepcopy(MEMBERS))


def _game(change: Callable[[dict[str, Any], bool], None]) -> SheetProbe:
    """Lantern Marsh with the spec's clocks and Crew (tests/games/fixtures.py), changed by
    `change(package, with_key)`, read through the GM reminder."""
    def build(with_key: bool) -> tuple[dict[str, Any], dict[str, Any]]:
        pkg = game_package()
        pkg["party"]["lists"][0]["columns"].append({"id": "haunt", "label": "Haunt", "type": "text", "maxLength": 60})
        change(pkg, with_key)
        return pkg, {}
    return SheetProbe(build, gm_reminder)


def _top(key: str) -> Callable[[dict[str, Any], bool], None]:
    def change(pkg: dict[str, Any], with_key: bool) -> None:
        if not with_key:
            del pkg[key]
    return change


def _from_members(pkg: dict[str, Any], with_key: bool) -> None:
    # Crew size counted from the two members: "- Crew size: 2" with the key, its default 0 without.
    if not with_key:
        del pkg["party"]["fromMembers"]


def _party_lists(pkg: dict[str, Any], with_key: bool) -> None:
    # "- Contacts: Moss" with the key; without lists the summary names none.
    if not with_key:
        del pkg["party"]["lists"]
        del pkg["party"]["summary"]["lists"]


def _summary_columns(pkg: dict[str, Any], with_key: bool) -> None:
    # "- Contacts: Moss docks" with the Haunt column, "- Contacts: Moss" without.
    if with_key:
        pkg["party"]["summary"]["lists"][0]["columns"] = ["haunt"]


PLAYED_PROBES.update({
    # "Progress clocks ...: - Alarm raised: 1/4 segments filled (3 to go)" and the commands.
    "Ruleset.clocks": _game(_top("clocks")),
    # "Party sheet: Crew", "- Heat: 2", "- Crew size: 2", "- Coin: 0/8", "- Contacts: Moss".
    "Ruleset.party": _game(_top("party")),
    "Party.fromMembers": _game(_from_members),
    "Party.lists": _game(_party_lists),
    "SummaryList.columns": _game(_summary_columns),
})


# ---------------------------------------------------------------------------
# the Game Master's block
# ---------------------------------------------------------------------------


def gm_opponents(rs: Ruleset, _sheet: dict[str, Any]) -> list[Any]:
    """Who plays a rust jackal (no boss, no controller asked for) when a GM model is set and
    may run bosses."""
    return assign_controllers(rs, [{"creature": "rust-jackal"}], model=True)


def _opposition(pkg: dict[str, Any], with_key: bool) -> None:
    # The jackal is the Game Master's with the key; without it the Engine keeps it.
    if with_key:
        pkg["gm"]["opposition"] = "game-master"


PLAYED_PROBES.update({
    "Gm.opposition": _sheet_probe(_opposition, view=gm_opponents),
})


# ---------------------------------------------------------------------------
# abilities in a fight
# ---------------------------------------------------------------------------


def _leech_by_path(with_key: bool):
    """Lantern Marsh: Wren's Ember Leech (an attack roll, 1d8 fire) at the bog hound, the
    charm written down on the Lamp path. With `byColumn` the Lamp path's attacks are +9
    ("11 + 9 = 20 against Guard 8"); without it the list's own Charm attack, +5, holds
    ("11 + 5 = 16"). Schema 2 at Capability API 1.108, where `byColumn` begins."""
    pkg = add_charm(marsh(), "ember-leech", "Ember Leech", {"kind": "attack", "range": 6, "targets": "enemy",
                                                            "attackRoll": True, "amount": {"dice": "1d8"},
                                                            "damageType": "fire"})
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 108}
    charms = next(lst for lst in pkg["sheet"]["lists"] if lst["id"] == "charms")
    charms["columns"].append({"id": "path", "label": "Path", "type": "enum", "values": ["reed", "lamp"], "default": "reed"})
    if with_key:
        pkg["combat"]["abilities"][0]["byColumn"] = {"column": "path", "values": {"lamp": {"toHit": {"const": 9}}}}
    wren = wren_marsh("ember-leech")
    wren["sheet"]["lists"]["charms"][0]["path"] = "lamp"
    return pkg, [wren], [foe("bog-hound")], [3, 3, 12, 1, 11, 2], [
        {"actor": "wren", "option": "ability:charms:ember-leech", "targets": ["bog-hound"]}]


PLAYED_PROBES.update({
    "AbilityList.byColumn": FightProbe(_leech_by_path),
})


# ---------------------------------------------------------------------------
# the Game Master's rules reference (spec/sheet.md "Full GM rules reference")
# ---------------------------------------------------------------------------

#: The spec's own example reference.
REFERENCE = ("When a journey crosses hostile country, judge supplies, shelter and exposure before the next leg. "
             "A failed navigation check costs time rather than silently moving the party to its destination.")
#: Two invented Pack opponents for the Game Master to write.
INVENTED = [{"invent": 2, "tier": "pack", "brief": "marsh wolves"}]


def invention_prompt(rs: Ruleset, _sheet: dict[str, Any]) -> str:
    """The system prompt of the request that asks the Game Master to invent opponents."""
    asks, _problems = asks_in(INVENTED)
    numbers = gm_numbers(rs, [member("Juno", 3), member("Wren", 4)], INVENTED, asks, "normal")
    return invention_messages(rs, numbers)[0]["content"]


def _reference(pkg: dict[str, Any], with_key: bool) -> None:
    # "Game Master rules reference:" and the text close the system prompt with the key.
    if with_key:
        pkg["gmReference"] = REFERENCE


def _reference_probe(with_key: bool) -> tuple[dict[str, Any], dict[str, Any]]:
    pkg = game_package()
    _reference(pkg, with_key)
    return pkg, {}


PLAYED_PROBES.update({
    "Ruleset.gmReference": SheetProbe(_reference_probe, invention_prompt),
})
