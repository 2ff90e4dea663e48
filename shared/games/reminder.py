"""The Game Master's reminder for a game: the clocks with how full each is, the shared
party sheet, each member's sheet block, and the commands that change them, taught with
the names the ruleset declares.

Owns: `reminder_text(ruleset, state, members)`. Sections appear only for what the ruleset
has: no `clocks` block, no clock section (the clock commands are off); no `party`, no
party section; no members, no character sheets (`sheet_block.py` writes each block and
the character commands).
"""

from __future__ import annotations

from typing import Any, Sequence

from shared import plain_text
from shared.party.rules import party_rules
from shared.party.sheet import read_party
from shared.ruleset.clocks import Clocks
from shared.ruleset.package import Ruleset
from shared.sheet.index import plain

from .members import member_sheet
from .reply import MAX_COMMANDS
from .checks import check_lines
from .sheet_block import command_lines, guidance_lines, sheet_block
from .uses import use_lines
from .state import normal_state


def _or_list(words: Sequence[str]) -> str:
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _clock_line(clock: dict[str, Any]) -> str:
    filled, size = clock["filled"], clock["size"]
    state = "complete" if filled >= size else f"{size - filled} to go"
    return f'- {clock["name"]}: {filled}/{size} segments filled ({state})'


def clock_section(rules: Clocks, clocks: list[dict[str, Any]]) -> list[str]:
    lines = ["Progress clocks (they belong to the party and the scene):"]
    lines += [_clock_line(c) for c in clocks] or ["- none yet"]
    if rules.text:
        lines.append(rules.text)
    sizes = _or_list([str(s) for s in rules.sizes])
    lines += [
        f'Create a clock: [clock: name="Alarm raised" size="{rules.sizes[0]}"] (a size of {sizes} segments; '
        f"at most {rules.max} clocks at once; names are unique whatever their case).",
        'Fill segments: [clock: name="Alarm raised" tick="2"] (a negative number empties them; '
        "a full clock is complete and stays until it is cleared).",
        'Remove a clock: [clock: name="Alarm raised" clear].',
        "A name is one line of 1 to 100 characters with no double quotes, square brackets or "
        f"macro braces. One action per tag; at most {MAX_COMMANDS} commands are applied per reply, "
        "in order.",
    ]
    return lines


def _row_text(row: dict[str, Any], entry: Any) -> str:
    name = str(row.get(entry.nameColumn, "")).strip()
    extra = [str(plain(row[c])) for c in entry.columns or [] if row.get(c) not in (None, "", False)]
    return plain_text.plain(" ".join([name, *extra]).strip())


def party_section(ruleset: Ruleset, stored: Any, members: Sequence[Any]) -> list[str]:
    rules = party_rules(ruleset)
    assert rules is not None
    party = rules.party
    shown = read_party(ruleset, rules, stored, members)
    lines = [f"Party sheet: {party.label}"]
    chosen = party.summary.fields if party.summary is not None and party.summary.fields else list(shown["fields"])
    labels = {f.id: f.label for f in party.fields or []}
    for fid in chosen:
        if fid in shown["fields"]:
            # A text field holds what a player saved: one line, opening no tag, in the GM's prompt.
            lines.append(f"- {labels[fid]}: {plain_text.plain(str(shown['fields'][fid]))}")
    pool_labels = {p.id: p.label for p in party.pools or []}
    for pid, pool in shown["pools"].items():
        lines.append(f"- {pool_labels.get(pid, pid)}: {pool['current']}/{pool['max']}")
    for entry in party.summary.lists if party.summary is not None else []:
        rows = [_row_text(r, entry) for r in shown["lists"].get(entry.list, [])
                if entry.onlyWhen is None or r.get(entry.onlyWhen) is True]
        listed = party.party_list(entry.list)
        label = listed.label if listed is not None else entry.list
        lines.append(f"- {label}: " + (", ".join(r for r in rows if r) or "none"))
    if party.text:
        lines.append(party.text)
    if shown["pools"]:
        pool = next(iter(shown["pools"]))
        lines.append(
            f'Spend or restore a party pool: [sheet: sheet="party" op="spend" pool="{pool}" amount="1"], '
            f'[sheet: sheet="party" op="restore" pool="{pool}" amount="1"] '
            f"(pools: {', '.join(shown['pools'])})."
        )
    advance = party.advancement.fields if party.advancement and party.advancement.fields else []
    if advance:
        first = party.party_field(advance[0])
        how = 'by="1"' if first is not None and first.type == "number" else 'to="..."'
        lines.append(
            f'Change a party value for good: [sheet: sheet="party" op="advance" field="{advance[0]}" {how}] '
            f"(fields: {', '.join(advance)}; a number moves by= or is set to=, text is set to=)."
        )
    if party.advancement and party.advancement.text:
        lines.append(party.advancement.text)
    return lines


def sheets_section(ruleset: Ruleset, state: Any, members: Sequence[Any]) -> list[str]:
    """Every member's sheet block as the snapshot holds it, delimited as data, with the
    guidance and the character commands."""
    lines = ["CHARACTER SHEETS:", *guidance_lines(ruleset), "<character_sheets>"]
    for i, member in enumerate(members):
        if i:
            lines.append("")
        lines += sheet_block(ruleset, str(member["name"]), member_sheet(state, member))
    lines.append("</character_sheets>")
    return lines + command_lines(ruleset) + check_lines(ruleset) + use_lines(ruleset)


def reminder_text(ruleset: Ruleset, state: Any, members: Sequence[Any] = ()) -> str:
    """The reminder for one snapshot. All of it is read from that snapshot's state, so none
    of it belongs in a prompt's cached part: it changes with every reply."""
    state = normal_state(state)
    sections: list[list[str]] = []
    if ruleset.clocks is not None:
        sections.append(clock_section(ruleset.clocks, state["clocks"]))
    if ruleset.party is not None:
        sections.append(party_section(ruleset, state["party"], members))
    if members:
        sections.append(sheets_section(ruleset, state, members))
    return "\n\n".join("\n".join(s) for s in sections)
